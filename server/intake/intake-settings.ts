import type { SettingsSection } from '../settings/schema-types.js';
import { schemaText } from '../settings/translate-schema.js';

// The field's label and description are the catalogue's `settings.field.tickets.<key>.label` and `.desc`.
const limit = (
  key:
    | 'limit_ip_hour'
    | 'limit_ip_day'
    | 'limit_email_hour'
    | 'limit_mail_hour'
    | 'limit_mail_day'
    | 'limit_global_day'
    | 'limit_client_tickets_hour'
    | 'limit_client_replies_hour'
    | 'limit_client_ip_hour',
  value: number,
  described = true,
) => ({
  type: 'number' as const,
  label: schemaText(`settings.field.tickets.${key}.label`),
  default: value,
  min: 1,
  max: 1_000_000,
  desc: described ? schemaText(`settings.field.tickets.${key}.desc` as `settings.field.tickets.limit_ip_hour.desc`) : '',
});

/** Tickets → Intake protection: the switches and limits of the public ticket route. */
export function intakeSection() {
  return {
    label: schemaText('settings.section.tickets.intake.label'),
    desc: schemaText('settings.section.tickets.intake.desc'),
    fields: {
      intake_enabled: {
        type: 'checkbox',
        label: schemaText('settings.field.tickets.intake_enabled.label'),
        default: true,
        desc: schemaText('settings.field.tickets.intake_enabled.desc'),
      },
      intake_stops_site_form: {
        type: 'checkbox',
        label: schemaText('settings.field.tickets.intake_stops_site_form.label'),
        default: false,
        desc: schemaText('settings.field.tickets.intake_stops_site_form.desc'),
      },
      limit_ip_hour: limit('limit_ip_hour', 20),
      limit_ip_day: limit('limit_ip_day', 240, false),
      limit_email_hour: limit('limit_email_hour', 5),
      limit_mail_hour: limit('limit_mail_hour', 5),
      limit_mail_day: limit('limit_mail_day', 20, false),
      limit_global_day: limit('limit_global_day', 5_000),
      limit_client_tickets_hour: limit('limit_client_tickets_hour', 10),
      limit_client_replies_hour: limit('limit_client_replies_hour', 60),
      limit_client_ip_hour: limit('limit_client_ip_hour', 120),
      min_fill_seconds: {
        type: 'number',
        label: schemaText('settings.field.tickets.min_fill_seconds.label'),
        default: 1,
        min: 0,
        max: 120,
        desc: schemaText('settings.field.tickets.min_fill_seconds.desc'),
      },
    },
  } satisfies SettingsSection;
}
