import { attachmentsSection } from '../files/attachment-settings.js';
import { english } from '../i18n/translators.js';
import { intakeSection } from '../intake/intake-settings.js';
import { widgetSection } from '../ticket-form/widget-settings.js';
import { emailsTab } from './emails-tab.js';
import type { SettingsSchema, TicketFormField } from './schema-types.js';
import { DEFAULT_FORM_FIELD_LABELS, schemaText } from './translate-schema.js';

export const DEFAULT_TICKET_FORM_FIELDS: TicketFormField[] = [
  { key: 'subject', label: DEFAULT_FORM_FIELD_LABELS.subject, type: 'text', required: true, builtin: true },
  { key: 'description', label: DEFAULT_FORM_FIELD_LABELS.description, type: 'textarea', required: true, builtin: true },
  { key: 'product', label: DEFAULT_FORM_FIELD_LABELS.product, type: 'select', required: false, builtin: true },
  { key: 'reason', label: DEFAULT_FORM_FIELD_LABELS.reason, type: 'select', required: false, builtin: true },
  { key: 'urgency', label: DEFAULT_FORM_FIELD_LABELS.urgency, type: 'select', required: false, builtin: true },
  { key: 'order_id', label: DEFAULT_FORM_FIELD_LABELS.order_id, type: 'text', required: false, builtin: true },
];

/** The AI tab's model; also what an emptied model name falls back to. */
export const DEFAULT_AI_MODEL = 'gpt-4o-mini';

/** The auto responder's default in English; a client gets it in their own language (server/ai/auto-respond.ts). */
export const AUTO_RESPONDER_TEMPLATE = english.t('mail.autoResponder.body');

/**
 * The schema before `helpdesk_settings_menus`; a fresh copy each call so handlers may mutate it. Its
 * type is inferred (checked with `satisfies`), not widened to SettingsSchema: `CoreSettings` is derived
 * from it, so a field added here is typed for every reader at once.
 */
export function defaultSettingsSchema() {
  return {
    tickets: {
      label: schemaText('settings.tab.tickets'),
      sections: {
        submission: {
          label: schemaText('settings.section.tickets.submission.label'),
          desc: schemaText('settings.section.tickets.submission.desc'),
          fields: {
            create_accounts: {
              type: 'checkbox',
              label: schemaText('settings.field.tickets.create_accounts.label'),
              default: false,
              desc: schemaText('settings.field.tickets.create_accounts.desc'),
            },
            hide_account_existence: {
              type: 'checkbox',
              label: schemaText('settings.field.tickets.hide_account_existence.label'),
              default: false,
              desc: schemaText('settings.field.tickets.hide_account_existence.desc'),
            },
            organisation_sharing: {
              type: 'checkbox',
              label: schemaText('settings.field.tickets.organisation_sharing.label'),
              default: false,
              desc: schemaText('settings.field.tickets.organisation_sharing.desc'),
            },
          },
        },
        intake: intakeSection(),
        attachments: attachmentsSection(),
        statuses: {
          label: schemaText('settings.section.tickets.statuses.label'),
          desc: schemaText('settings.section.tickets.statuses.desc'),
          fields: {
            change_status: {
              type: 'checkbox',
              label: schemaText('settings.field.tickets.change_status.label'),
              default: true,
              desc: schemaText('settings.field.tickets.change_status.desc'),
            },
          },
        },
        assignment: {
          label: schemaText('settings.section.tickets.assignment.label'),
          desc: schemaText('settings.section.tickets.assignment.desc'),
          fields: {
            // Off by default: a desk turns it on once its agents have set their availability and limits.
            assignment_mode: {
              type: 'select',
              label: schemaText('settings.field.tickets.assignment_mode.label'),
              default: 'off',
              desc: schemaText('settings.field.tickets.assignment_mode.desc'),
              options: [
                { value: 'off' as const, label: schemaText('settings.field.tickets.assignment_mode.off') },
                { value: 'round_robin' as const, label: schemaText('settings.field.tickets.assignment_mode.round_robin') },
                { value: 'fewest_open' as const, label: schemaText('settings.field.tickets.assignment_mode.fewest_open') },
              ],
            },
            // 0: no limit. An agent's own limit (the staff screen) goes over it.
            open_ticket_limit: {
              type: 'number',
              label: schemaText('settings.field.tickets.open_ticket_limit.label'),
              default: 0,
              min: 0,
              max: 10_000,
              desc: schemaText('settings.field.tickets.open_ticket_limit.desc'),
            },
          },
        },
        auto_responder: {
          label: schemaText('settings.section.tickets.auto_responder.label'),
          desc: schemaText('settings.section.tickets.auto_responder.desc'),
          fields: {
            auto_responder_enabled: {
              type: 'checkbox',
              label: schemaText('settings.field.tickets.auto_responder_enabled.label'),
              default: false,
            },
            auto_responder_template: {
              type: 'textarea',
              label: schemaText('settings.field.tickets.auto_responder_template.label'),
              default: AUTO_RESPONDER_TEMPLATE,
              desc: schemaText('settings.field.tickets.auto_responder_template.desc'),
            },
          },
        },
        widget: widgetSection(),
        reports: {
          label: schemaText('settings.section.tickets.reports.label'),
          desc: schemaText('settings.section.tickets.reports.desc'),
          fields: {
            // Off by default: a team's figures are for everyone, one person's only for admins unless they choose.
            agents_see_per_agent_reports: {
              type: 'checkbox',
              label: schemaText('settings.field.tickets.agents_see_per_agent_reports.label'),
              default: false,
              desc: schemaText('settings.field.tickets.agents_see_per_agent_reports.desc'),
            },
          },
        },
        form_fields: {
          label: schemaText('settings.section.tickets.form_fields.label'),
          desc: schemaText('settings.section.tickets.form_fields.desc'),
          fields: {
            form_fields: {
              type: 'form_fields',
              label: schemaText('settings.field.tickets.form_fields.label'),
              default: structuredClone(DEFAULT_TICKET_FORM_FIELDS),
            },
          },
        },
        webhooks: {
          label: schemaText('settings.section.webhooks.label'),
          desc: schemaText('settings.section.webhooks.desc'),
          fields: {
            // Read by server/webhooks/address-guard.ts: the only way past its refusal of internal addresses.
            webhook_allowed_hosts: {
              type: 'text',
              label: schemaText('settings.field.webhooks.allowed_hosts.label'),
              default: '',
              desc: schemaText('settings.field.webhooks.allowed_hosts.desc'),
            },
          },
        },
      },
    },
    login: {
      label: schemaText('settings.tab.login'),
      sections: {
        login: {
          label: schemaText('settings.section.login.login.label'),
          desc: schemaText('settings.section.login.login.desc'),
          fields: {
            method: {
              type: 'select',
              label: schemaText('settings.field.login.method.label'),
              default: 'email_link',
              options: [
                // Literal values: the typed view's login method is the union of these.
                { value: 'email_link' as const, label: schemaText('settings.field.login.method.option.email_link') },
                { value: 'password' as const, label: schemaText('settings.field.login.method.option.password') },
                { value: 'both' as const, label: schemaText('settings.field.login.method.option.both') },
              ],
            },
            link_lifetime_days: {
              type: 'number',
              label: schemaText('settings.field.login.link_lifetime_days.label'),
              default: 7,
              min: 1,
              max: 90,
            },
          },
        },
      },
    },
    privacy: {
      label: schemaText('settings.tab.privacy'),
      sections: {
        retention: {
          label: schemaText('settings.section.privacy.retention.label'),
          desc: schemaText('settings.section.privacy.retention.desc'),
          fields: {
            delete_closed_tickets_after_days: {
              type: 'number',
              label: schemaText('settings.field.privacy.delete_closed_tickets_after_days.label'),
              default: 0,
              min: 0,
              max: 36_500,
              desc: schemaText('settings.field.privacy.delete_closed_tickets_after_days.desc'),
            },
            closed_tickets_mode: {
              type: 'select',
              label: schemaText('settings.field.privacy.closed_tickets_mode.label'),
              default: 'anonymise',
              options: [
                { value: 'anonymise' as const, label: schemaText('settings.field.privacy.closed_tickets_mode.anonymise') },
                { value: 'delete' as const, label: schemaText('settings.field.privacy.closed_tickets_mode.delete') },
              ],
            },
            delete_inactive_clients_after_days: {
              type: 'number',
              label: schemaText('settings.field.privacy.delete_inactive_clients_after_days.label'),
              default: 0,
              min: 0,
              max: 36_500,
              desc: schemaText('settings.field.privacy.delete_inactive_clients_after_days.desc'),
            },
            mail_records_after_days: {
              type: 'number',
              label: schemaText('settings.field.privacy.mail_records_after_days.label'),
              default: 0,
              min: 0,
              max: 36_500,
              desc: schemaText('settings.field.privacy.mail_records_after_days.desc'),
            },
          },
        },
      },
    },
    emails: emailsTab(),
    ai: {
      label: schemaText('settings.tab.ai'),
      sections: {
        backend: {
          label: schemaText('settings.section.ai.backend.label'),
          desc: schemaText('settings.section.ai.backend.desc'),
          fields: {
            api_key: { type: 'secret', label: schemaText('settings.field.ai.api_key.label'), default: '' },
            model: {
              type: 'text',
              label: schemaText('settings.field.ai.model.label'),
              default: DEFAULT_AI_MODEL,
              desc: schemaText('settings.field.ai.model.desc'),
            },
            timeout_seconds: {
              type: 'number',
              label: schemaText('settings.field.ai.timeout_seconds.label'),
              default: 10,
              min: 1,
              max: 120,
              desc: schemaText('settings.field.ai.timeout_seconds.desc'),
            },
          },
        },
      },
    },
  } satisfies SettingsSchema;
}
