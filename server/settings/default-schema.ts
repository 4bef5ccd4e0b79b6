import { attachmentsSection } from '../files/attachment-settings.js';
import { intakeSection } from '../intake/intake-settings.js';
import { widgetSection } from '../ticket-form/widget-settings.js';
import { emailsTab } from './emails-tab.js';
import type { SettingsSchema, TicketFormField } from './schema-types.js';

export const DEFAULT_TICKET_FORM_FIELDS: TicketFormField[] = [
  { key: 'subject', label: 'Subject', type: 'text', required: true, builtin: true },
  { key: 'description', label: 'Description', type: 'textarea', required: true, builtin: true },
  { key: 'product', label: 'Product', type: 'select', required: false, builtin: true },
  { key: 'reason', label: 'Reason', type: 'select', required: false, builtin: true },
  { key: 'urgency', label: 'Urgency', type: 'select', required: false, builtin: true },
  { key: 'order_id', label: 'Order ID', type: 'text', required: false, builtin: true },
];

/** The AI tab's model; also what an emptied model name falls back to. */
export const DEFAULT_AI_MODEL = 'gpt-4o-mini';

export const AUTO_RESPONDER_TEMPLATE =
  'Hello ##client_name##,\n\nThank you for contacting ##site_name##. We received your request "##ticket_title##" (ticket ' +
  '##ticket_id##) and an agent will answer soon.\n\n##answer##\n\nThese ' +
  'articles may help in the meantime:\n##docs##\n\n(This is an automatic ' +
  'reply.)';

/**
 * The schema before `helpdesk_settings_menus`; a fresh copy each call so handlers may mutate it. Its
 * type is inferred (checked with `satisfies`), not widened to SettingsSchema: `CoreSettings` is derived
 * from it, so a field added here is typed for every reader at once.
 */
export function defaultSettingsSchema() {
  return {
    tickets: {
      label: 'Tickets',
      sections: {
        submission: {
          label: 'Submission',
          desc: 'Who can file tickets through the widget and the help site.',
          fields: {
            create_accounts: {
              type: 'checkbox',
              label: 'Create accounts for new clients',
              default: false,
              desc: 'File tickets from unknown email addresses by creating an account for them.',
            },
            hide_account_existence: {
              type: 'checkbox',
              label: "Don't reveal whether an email has an account",
              default: false,
              desc:
                'Every anonymous submission gets the same "received" answer. When no ' +
                'account may be created, an unknown address is mailed how to get access ' +
                'instead of being told it has no account.',
            },
          },
        },
        intake: intakeSection(),
        attachments: attachmentsSection(),
        statuses: {
          label: 'Statuses',
          desc: 'How ticket statuses change on their own.',
          fields: {
            change_status: {
              type: 'checkbox',
              label: 'Change ticket status',
              default: true,
              desc: 'A client reply moves the ticket to Waiting; an agent reply moves it to In Progress.',
            },
          },
        },
        auto_responder: {
          label: 'Auto responder',
          desc:
            'After a ticket is filed, a bot reply with the most relevant docs and, ' +
            'when the AI backend is configured, an answer drawn from them. It never ' +
            'changes the ticket status.',
          fields: {
            auto_responder_enabled: { type: 'checkbox', label: 'Send an automatic reply to new tickets', default: false },
            auto_responder_template: {
              type: 'textarea',
              label: 'Message template',
              default: AUTO_RESPONDER_TEMPLATE,
              desc: 'Placeholders: ##client_name## ##ticket_title## ##ticket_id## ##site_name## ##docs## ##answer##',
            },
          },
        },
        widget: widgetSection(),
        form_fields: {
          label: 'Form fields',
          desc:
            'The fields of the new-ticket form on the help site, custom fields included. ' +
            'Agents see each ticket’s answers under the labels set here, renamed ones included.',
          fields: {
            form_fields: {
              type: 'form_fields',
              label: 'Form fields',
              default: structuredClone(DEFAULT_TICKET_FORM_FIELDS),
            },
          },
        },
      },
    },
    login: {
      label: 'Login',
      sections: {
        login: {
          label: 'Sign-in',
          desc: 'How clients sign in to read and answer their tickets.',
          fields: {
            method: {
              type: 'select',
              label: 'Login method',
              default: 'email_link',
              options: [
                // Literal values: the typed view's login method is the union of these.
                { value: 'email_link' as const, label: 'Email link' },
                { value: 'password' as const, label: 'Password' },
                { value: 'both' as const, label: 'Email link or password' },
              ],
            },
            link_lifetime_days: {
              type: 'number',
              label: 'Ticket links expire after (days)',
              default: 7,
              min: 1,
              max: 90,
            },
          },
        },
      },
    },
    emails: emailsTab(),
    ai: {
      label: 'AI',
      sections: {
        backend: {
          label: 'AI backend',
          desc:
            'The backend address is set by HELPDESK_CLOUD_SITE in the site ' +
            'configuration. The key is stored encrypted and never shown again.',
          fields: {
            api_key: { type: 'secret', label: 'API key', default: '' },
            model: {
              type: 'text',
              label: 'Model',
              default: DEFAULT_AI_MODEL,
              desc: 'The model name sent with each chat-completions request.',
            },
            timeout_seconds: {
              type: 'number',
              label: 'Timeout (seconds)',
              default: 10,
              min: 1,
              max: 120,
              desc: 'How long the auto responder and "Suggest a reply" wait for the backend before going on without it.',
            },
          },
        },
      },
    },
  } satisfies SettingsSchema;
}
