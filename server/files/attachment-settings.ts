import type { SettingsSection } from '../settings/schema-types.js';
import { schemaText } from '../settings/translate-schema.js';

// A kind's label and description are the catalogue's `settings.field.tickets.attachment_types_<kind>.label` and `.desc`.
type Kind = 'images' | 'pdf' | 'text' | 'office' | 'zip';
const allow = (kind: Kind, described = true) => ({
  type: 'checkbox' as const,
  label: schemaText(`settings.field.tickets.attachment_types_${kind}.label`),
  default: true,
  desc: described
    ? schemaText(`settings.field.tickets.attachment_types_${kind}.desc` as 'settings.field.tickets.attachment_types_images.desc')
    : '',
});

/** Tickets → Attachments: who may send files, how large, how many, and which kinds. */
export function attachmentsSection() {
  return {
    label: schemaText('settings.section.tickets.attachments.label'),
    desc: schemaText('settings.section.tickets.attachments.desc'),
    fields: {
      attachments_anonymous: {
        type: 'checkbox',
        label: schemaText('settings.field.tickets.attachments_anonymous.label'),
        default: true,
        desc: schemaText('settings.field.tickets.attachments_anonymous.desc'),
      },
      attachment_max_file_mb: {
        type: 'number',
        label: schemaText('settings.field.tickets.attachment_max_file_mb.label'),
        default: 10,
        min: 1,
        max: 1024,
        desc: '',
      },
      attachment_max_files: {
        type: 'number',
        label: schemaText('settings.field.tickets.attachment_max_files.label'),
        default: 5,
        min: 1,
        max: 50,
        desc: '',
      },
      attachment_max_ticket_mb: {
        type: 'number',
        label: schemaText('settings.field.tickets.attachment_max_ticket_mb.label'),
        default: 50,
        min: 1,
        max: 100_000,
        desc: schemaText('settings.field.tickets.attachment_max_ticket_mb.desc'),
      },
      attachment_ip_mb_hour: {
        type: 'number',
        label: schemaText('settings.field.tickets.attachment_ip_mb_hour.label'),
        default: 200,
        min: 1,
        max: 1_000_000,
        desc: schemaText('settings.field.tickets.attachment_ip_mb_hour.desc'),
      },
      attachment_types_images: allow('images'),
      attachment_types_pdf: allow('pdf', false),
      attachment_types_text: allow('text'),
      attachment_types_office: allow('office'),
      attachment_types_zip: allow('zip', false),
      attachment_mail_attach_mb: {
        type: 'number',
        label: schemaText('settings.field.tickets.attachment_mail_attach_mb.label'),
        default: 5,
        min: 0,
        max: 50,
        desc: schemaText('settings.field.tickets.attachment_mail_attach_mb.desc'),
      },
      attachment_mail_link_days: {
        type: 'number',
        label: schemaText('settings.field.tickets.attachment_mail_link_days.label'),
        default: 7,
        min: 1,
        max: 90,
        desc: schemaText('settings.field.tickets.attachment_mail_link_days.desc'),
      },
      attachment_purge_closed_days: {
        type: 'number',
        label: schemaText('settings.field.tickets.attachment_purge_closed_days.label'),
        default: 0,
        min: 0,
        max: 36_500,
        desc: schemaText('settings.field.tickets.attachment_purge_closed_days.desc'),
      },
    },
  } satisfies SettingsSection;
}
