import type { MessageKey } from '../../common/i18n/message-keys.js';
import type { Translator } from '../../common/i18n/translator.js';
import { INVITATION_LINK_DAYS } from '../../common/limits.js';
import { english } from '../i18n/translators.js';
import type { SettingsField, SettingsTab } from './schema-types.js';
import { schemaText } from './translate-schema.js';

// Every mail about a ticket has the same subject, so mail programs (which thread by subject as well
// as by References) show one ticket as one conversation; the number lets a reply find its ticket. No words: the
// same in every language.
const TICKET_SUBJECT = '##ticket_title## [###ticket_id##]';

/**
 * The agent reply's earlier default, greeting first. A settings form saved unchanged stored it as if chosen; such a
 * copy is read as the current default (`mailTemplateFor`), while an owner's own wording is kept as written.
 */
export const EARLIER_AGENT_REPLY_BODY =
  // i18n-exempt: an earlier English default, only compared with stored templates, never sent
  'Hello ##client_name##,\n\nThere is a new reply to your request "##ticket_title##":\n\n##reply_text##\n\n' +
  // i18n-exempt: the same earlier default, continued
  'Read and answer it here:\n##ticket_link##\n\n##site_name##';

type TemplateText = MessageKey | typeof TICKET_SUBJECT;

/**
 * The mails the helpdesk sends; each has a subject and a body template in Emails settings. Their words are the mail
 * catalogue's (`mail.template.<name>.*`), with the `##placeholders##` written in them as literal text: ICU leaves a `#`
 * outside a plural alone, so the catalogue's text and an admin's edited template are filled the same way.
 */
const TEMPLATE_TEXTS = {
  client_ticket_created: {
    subjectKey: TICKET_SUBJECT,
    bodyKey: 'mail.template.client_ticket_created.body',
  },
  client_agent_reply: {
    subjectKey: TICKET_SUBJECT,
    // The agent's own words are the mail, greeting and all (a second "Hello" above theirs reads as a system notice);
    // what the reply is about and where to answer it follow.
    bodyKey: 'mail.template.client_agent_reply.body',
  },
  client_ticket_link: {
    subjectKey: 'mail.template.client_ticket_link.subject',
    bodyKey: 'mail.template.client_ticket_link.body',
  },
  client_access_request: {
    subjectKey: 'mail.template.client_access_request.subject',
    bodyKey: 'mail.template.client_access_request.body',
  },
  client_confirm_address: {
    subjectKey: 'mail.template.client_confirm_address.subject',
    bodyKey: 'mail.template.client_confirm_address.body',
  },
  client_account_exists: {
    subjectKey: 'mail.template.client_account_exists.subject',
    bodyKey: 'mail.template.client_account_exists.body',
  },
  // A signed-in client's "Download my data": the one-time link to their export (24 hours, used while signed in).
  client_data_export: {
    subjectKey: 'mail.template.client_data_export.subject',
    bodyKey: 'mail.template.client_data_export.body',
  },
  password_reset: {
    subjectKey: 'mail.template.password_reset.subject',
    bodyKey: 'mail.template.password_reset.body',
  },
  staff_invitation: {
    subjectKey: 'mail.template.staff_invitation.subject',
    bodyKey: 'mail.template.staff_invitation.body',
  },
  agent_ticket_created: {
    subjectKey: TICKET_SUBJECT,
    bodyKey: 'mail.template.agent_ticket_created.body',
  },
  agent_client_reply: {
    subjectKey: TICKET_SUBJECT,
    bodyKey: 'mail.template.agent_client_reply.body',
  },
  agent_mail_reply_refused: {
    subjectKey: TICKET_SUBJECT,
    bodyKey: 'mail.template.agent_mail_reply_refused.body',
  },
  client_mail_replies_limited: {
    subjectKey: TICKET_SUBJECT,
    bodyKey: 'mail.template.client_mail_replies_limited.body',
  },
  agent_ticket_assigned: {
    subjectKey: TICKET_SUBJECT,
    bodyKey: 'mail.template.agent_ticket_assigned.body',
  },
  client_ticket_resolved: {
    subjectKey: TICKET_SUBJECT,
    bodyKey: 'mail.template.client_ticket_resolved.body',
  },
  agent_rating_received: {
    subjectKey: TICKET_SUBJECT,
    bodyKey: 'mail.template.agent_rating_received.body',
  },
  agent_tickets_assigned: {
    subjectKey: 'mail.template.agent_tickets_assigned.subject',
    bodyKey: 'mail.template.agent_tickets_assigned.body',
  },
  // A service-level target is due soon, or went overdue: `##reply_text##` is the sentence that says which and when
  // (the mail catalogue's `mail.sla.*`, in the recipient's language and zone).
  agent_sla_warning: {
    subjectKey: TICKET_SUBJECT,
    bodyKey: 'mail.template.agent_sla_warning.body',
  },
  agent_sla_breached: {
    subjectKey: TICKET_SUBJECT,
    bodyKey: 'mail.template.agent_sla_breached.body',
  },
} as const satisfies Record<string, { subjectKey: TemplateText; bodyKey: MessageKey }>;

export type MailTemplateName = keyof typeof TEMPLATE_TEXTS;
export type MailTemplatePart = 'subject' | 'body';

/** A template's words in one language: the catalogue's, the invitation's days filled in. */
function templateText(text: TemplateText, translator: Translator): string {
  return text === TICKET_SUBJECT ? text : translator.t(text, { days: INVITATION_LINK_DAYS });
}

/** Each mail's default subject and body, in English: the settings' defaults. */
export const MAIL_TEMPLATES = Object.fromEntries(
  Object.entries(TEMPLATE_TEXTS).map(([name, t]) => [
    name,
    { subject: templateText(t.subjectKey, english), body: templateText(t.bodyKey, english) },
  ]),
) as Record<MailTemplateName, { subject: string; body: string }>;

// A textarea posts its lines with CR LF: a template saved unchanged is still the default.
const sameText = (a: string, b: string) => a.replace(/\r\n?/g, '\n').trim() === b.replace(/\r\n?/g, '\n').trim();

/**
 * The template a mail is built from, in its recipient's language. The stored value (the settings' value, its default
 * when never saved) is the admin's own wording when it differs from the default: then it is sent as written, in every
 * language. An empty one, the default, or a default of earlier versions saved unchanged is the catalogue's text in
 * `translator`'s language.
 */
export function mailTemplateFor(name: MailTemplateName, part: MailTemplatePart, stored: string, translator: Translator): string {
  const isDefault =
    stored.trim() === '' ||
    sameText(stored, MAIL_TEMPLATES[name][part]) ||
    (name === 'client_agent_reply' && part === 'body' && sameText(stored, EARLIER_AGENT_REPLY_BODY));
  return isDefault ? templateText(TEMPLATE_TEXTS[name][`${part}Key`], translator) : stored;
}

export const PLACEHOLDERS = [
  'client_name',
  'ticket_title',
  'ticket_id',
  'ticket_link',
  'site_name',
  'site_link',
  // Where agents and admins sign in (the admin app).
  'admin_link',
  'reply_text',
  // The resolved mail's two signed answer links; also the agent reply that resolves the ticket
  // (appended after its template when that does not place them, empty in other replies).
  'rating_yes_link',
  'rating_no_link',
] as const;

/** The settings keys of the mail templates, e.g. `client_ticket_created_subject`. */
export type MailTemplateFieldKey = `${MailTemplateName}_${'subject' | 'body'}`;

/** The Emails tab: sender, then a subject and body template per mail. */
export function emailsTab() {
  // Built in a loop, typed by key so the typed settings view knows every template's subject and body.
  const templateFields = {} as Record<MailTemplateFieldKey, SettingsField & { type: 'text' | 'textarea' }>;
  for (const [name, template] of Object.entries(MAIL_TEMPLATES) as Array<[MailTemplateName, (typeof MAIL_TEMPLATES)[MailTemplateName]]>) {
    // Labelled by the catalogue's `settings.field.emails.<name>_subject.label` (and `_body`).
    templateFields[`${name}_subject`] = {
      type: 'text',
      label: schemaText(`settings.field.emails.${name}_subject.label`),
      default: template.subject,
    };
    templateFields[`${name}_body`] = {
      type: 'textarea',
      label: schemaText(`settings.field.emails.${name}_body.label`),
      default: template.body,
    };
  }
  return {
    label: schemaText('settings.tab.emails'),
    sections: {
      sender: {
        label: schemaText('settings.section.emails.sender.label'),
        desc: schemaText('settings.section.emails.sender.desc'),
        fields: {
          from_name: { type: 'text' as const, label: schemaText('settings.field.emails.from_name.label'), default: '' },
          from_address: { type: 'email' as const, label: schemaText('settings.field.emails.from_address.label'), default: '' },
        },
      },
      incoming: {
        label: schemaText('settings.section.emails.incoming.label'),
        desc: schemaText('settings.section.emails.incoming.desc'),
        fields: {
          support_address: { type: 'email' as const, label: schemaText('settings.field.emails.support_address.label'), default: '' },
          open_tickets_from_mail: {
            type: 'checkbox' as const,
            label: schemaText('settings.field.emails.open_tickets_from_mail.label'),
            desc: schemaText('settings.field.emails.open_tickets_from_mail.desc'),
            default: true,
          },
          new_tickets_per_sender_hour: {
            type: 'number' as const,
            label: schemaText('settings.field.emails.new_tickets_per_sender_hour.label'),
            desc: schemaText('settings.field.emails.new_tickets_per_sender_hour.desc'),
            default: 5,
            min: 1,
            max: 1000,
          },
          new_tickets_per_server_hour: {
            type: 'number' as const,
            label: schemaText('settings.field.emails.new_tickets_per_server_hour.label'),
            desc: schemaText('settings.field.emails.new_tickets_per_server_hour.desc'),
            default: 30,
            min: 1,
            max: 1_000_000,
          },
          new_tickets_by_mail_hour: {
            type: 'number' as const,
            label: schemaText('settings.field.emails.new_tickets_by_mail_hour.label'),
            desc: schemaText('settings.field.emails.new_tickets_by_mail_hour.desc'),
            default: 100,
            min: 1,
            max: 1_000_000,
          },
        },
      },
      notifications: {
        label: schemaText('settings.section.emails.notifications.label'),
        desc: schemaText('settings.section.emails.notifications.desc'),
        fields: {
          notify_new_tickets: {
            type: 'checkbox' as const,
            label: schemaText('settings.field.emails.notify_new_tickets.label'),
            default: true,
          },
        },
      },
      resolved: {
        label: schemaText('settings.section.emails.resolved.label'),
        desc: schemaText('settings.section.emails.resolved.desc'),
        fields: {
          ask_rating_when_resolved: {
            type: 'checkbox' as const,
            label: schemaText('settings.field.emails.ask_rating_when_resolved.label'),
            default: true,
          },
          reopen_when_not_solved: {
            type: 'checkbox' as const,
            label: schemaText('settings.field.emails.reopen_when_not_solved.label'),
            default: true,
          },
        },
      },
      templates: {
        label: schemaText('settings.section.emails.templates.label'),
        desc: schemaText('settings.section.emails.templates.desc'),
        fields: templateFields,
      },
    },
  } satisfies SettingsTab;
}
