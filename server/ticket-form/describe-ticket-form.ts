import { termLabel } from '../../common/i18n/term-label.js';
import { getPosts } from '../domain/content/post.js';
import { listTerms } from '../domain/content/terms.js';
import type { DomainContext } from '../domain/context.js';
import { uploadRulesFor } from '../files/upload-rules.js';
import { translatorFor } from '../i18n/translators.js';
import { getCoreSettings } from '../settings/core-settings.js';
import { getTicketFormFields } from '../settings/get-ticket-form-fields.js';
import { getSiteOptions } from '../settings/site-options.js';
import { formFieldLabel } from '../settings/translate-schema.js';
import { ticketFormInputName, ticketFormLimit } from '../site/pages/content/ticket-form-limit.js';
import { type WidgetTexts, widgetLanguage, widgetTexts } from './widget-texts.js';

/** One field of the owner's form as the widget draws it; `name` is the parameter it is posted under. */
export interface FormFieldDefinition {
  name: string;
  label: string;
  type: 'text' | 'textarea' | 'select' | 'checkbox';
  required: boolean;
  builtin: boolean;
  /** maxlength, the limit the ticket route enforces. */
  max?: number;
  /** For selects: the product, reason and urgency lists (value = id), or a custom field's options. */
  choices?: Array<{ value: string; label: string }>;
}

/** What the widget (an anonymous visitor) may attach, so it can name a refused file before sending. */
export interface FormAttachmentsDefinition {
  /** Tickets → Attachments "Visitors who are not signed in may attach files". */
  allowed: boolean;
  max_file_bytes: number;
  max_files: number;
  /** The allowed kinds in words ("images, PDF, …"); the server decides by content, never by name. */
  kinds: string;
  /**
   * Tickets → Intake protection's minimum fill time: a send with files faster than it is stopped in the
   * browser, before the upload, rather than uploaded and then refused.
   */
  min_fill_ms: number;
}

export interface TicketFormDefinition extends WidgetTexts {
  site: { name: string; brand_color: string; language: string };
  fields: FormFieldDefinition[];
  attachments: FormAttachmentsDefinition;
  /** The page opens the widget itself (issue 38). */
  launcher_hidden: boolean;
  /** Only visitors with a valid identity token may file. */
  identity_required: boolean;
}

/**
 * The new-ticket form as the owner set it (Tickets → Form fields): labels, required flags, custom fields
 * with their types and choices, and the product, reason and urgency lists, with the site name and colour;
 * and the widget's texts in `language` (a shipped one, else the site's), the owner's wording from Tickets →
 * Widget texts in place. Name and email are the widget's own fields (spec §2) and not part of it.
 */
export async function describeTicketForm(ctx: DomainContext, language?: string): Promise<TicketFormDefinition> {
  const [fields, site, products, reasons, urgencies, files, core] = await Promise.all([
    getTicketFormFields(ctx),
    getSiteOptions(ctx.db),
    getPosts(ctx, { type: 'product', status: 'publish', orderBy: 'menu_order' }),
    listTerms(ctx, 'ticket_reason'),
    listTerms(ctx, 'ticket_urgency'),
    // The widget never sends credentials: its visitor is always anonymous.
    uploadRulesFor(ctx, { anonymous: true }),
    getCoreSettings(ctx),
  ]);
  const shown = widgetTexts(widgetLanguage(language, site.site_language), {
    launcher: core.tickets.widget_launcher,
    title: core.tickets.widget_title,
    intro: core.tickets.widget_intro,
    thanks: core.tickets.widget_thanks,
    position: core.tickets.widget_position,
  });
  const translator = translatorFor(shown.lang);
  // A seeded reason or urgency in the widget's language; one the owner named, as written.
  const lists: Record<string, Array<{ value: string; label: string }>> = {
    product: products.map((p) => ({ value: String(p.id), label: p.title })),
    reason: reasons.map((r) => ({ value: String(r.id), label: termLabel(translator, 'ticket_reason', r.slug, r.name) })),
    urgency: urgencies.map((u) => ({ value: String(u.id), label: termLabel(translator, 'ticket_urgency', u.slug, u.name) })),
  };
  return {
    site: { name: site.site_name, brand_color: site.brand_color, language: site.site_language },
    ...shown,
    launcher_hidden: core.tickets.widget_hide_launcher,
    identity_required: core.tickets.widget_require_identity,
    fields: fields.map((field) => {
      const builtin = field.builtin === true;
      const choices =
        field.type !== 'select'
          ? undefined
          : builtin
            ? (lists[field.key] ?? [])
            : (field.options ?? []).map((o) => ({ value: o, label: o }));
      return {
        name: ticketFormInputName(field),
        label: formFieldLabel(field, translator, 'filer'),
        type: field.type,
        required: field.required,
        builtin,
        ...(field.type === 'text' || field.type === 'textarea' ? { max: ticketFormLimit(field) } : {}),
        ...(choices && { choices }),
      };
    }),
    attachments: {
      allowed: files.mayAttach && files.allowedTypes.size > 0,
      max_file_bytes: files.maxFileBytes,
      max_files: files.maxFiles,
      kinds: files.allowedWords(translator),
      min_fill_ms: core.tickets.min_fill_seconds * 1000,
    },
  };
}
