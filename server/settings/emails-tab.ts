import type { MessageKey } from '../../common/i18n/message-keys.js';
import type { Translator } from '../../common/i18n/translator.js';
import { INVITATION_LINK_DAYS } from '../../common/limits.js';
import { english } from '../i18n/translators.js';
import type { SettingsField, SettingsTab } from './schema-types.js';

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
    label: 'New ticket: confirmation to the client',
    subjectKey: TICKET_SUBJECT,
    bodyKey: 'mail.template.client_ticket_created.body',
  },
  client_agent_reply: {
    label: 'Agent reply: to the client',
    subjectKey: TICKET_SUBJECT,
    // The agent's own words are the mail, greeting and all (a second "Hello" above theirs reads as a system notice);
    // what the reply is about and where to answer it follow.
    bodyKey: 'mail.template.client_agent_reply.body',
  },
  client_ticket_link: {
    label: 'Fresh sign-in link: to the client',
    subjectKey: 'mail.template.client_ticket_link.subject',
    bodyKey: 'mail.template.client_ticket_link.body',
  },
  client_access_request: {
    label: 'Request from an address without an account (privacy option): to that address',
    subjectKey: 'mail.template.client_access_request.subject',
    bodyKey: 'mail.template.client_access_request.body',
  },
  client_confirm_address: {
    label: 'Sign-up: confirm the address (to the person signing up)',
    subjectKey: 'mail.template.client_confirm_address.subject',
    bodyKey: 'mail.template.client_confirm_address.body',
  },
  client_account_exists: {
    label: 'Sign-up for an address that has an account: to that address',
    subjectKey: 'mail.template.client_account_exists.subject',
    bodyKey: 'mail.template.client_account_exists.body',
  },
  password_reset: {
    label: 'Forgot password: reset link (to the client, agent or admin who asked)',
    subjectKey: 'mail.template.password_reset.subject',
    bodyKey: 'mail.template.password_reset.body',
  },
  staff_invitation: {
    label: 'Invitation: an admin added an agent or admin without a password',
    subjectKey: 'mail.template.staff_invitation.subject',
    bodyKey: 'mail.template.staff_invitation.body',
  },
  agent_ticket_created: {
    label: 'New ticket: to agents',
    subjectKey: TICKET_SUBJECT,
    bodyKey: 'mail.template.agent_ticket_created.body',
  },
  agent_client_reply: {
    label: 'Client reply: to agents (the assignee only, once a ticket has one)',
    subjectKey: TICKET_SUBJECT,
    bodyKey: 'mail.template.agent_client_reply.body',
  },
  agent_mail_reply_refused: {
    label: 'Mail with an agent’s address as sender, not posted (it did not answer their own notification): to that agent',
    subjectKey: TICKET_SUBJECT,
    bodyKey: 'mail.template.agent_mail_reply_refused.body',
  },
  client_mail_replies_limited: {
    label: 'Replies by mail over "Replies per signed-in client per hour": to the client (once per hour)',
    subjectKey: TICKET_SUBJECT,
    bodyKey: 'mail.template.client_mail_replies_limited.body',
  },
  agent_ticket_assigned: {
    label: 'Ticket assigned: to the new assignee',
    subjectKey: TICKET_SUBJECT,
    bodyKey: 'mail.template.agent_ticket_assigned.body',
  },
  client_ticket_resolved: {
    label: 'Ticket resolved: "Did this solve it?" to the client',
    subjectKey: TICKET_SUBJECT,
    bodyKey: 'mail.template.client_ticket_resolved.body',
  },
  agent_rating_received: {
    label: 'Client answered "Did this solve it?": to the assignee (or every agent)',
    subjectKey: TICKET_SUBJECT,
    bodyKey: 'mail.template.agent_rating_received.body',
  },
  agent_tickets_assigned: {
    label: 'Several tickets assigned at once (a bulk change): one mail to the new assignee',
    subjectKey: 'mail.template.agent_tickets_assigned.subject',
    bodyKey: 'mail.template.agent_tickets_assigned.body',
  },
} as const satisfies Record<string, { label: string; subjectKey: TemplateText; bodyKey: MessageKey }>;

export type MailTemplateName = keyof typeof TEMPLATE_TEXTS;
export type MailTemplatePart = 'subject' | 'body';

/** A template's words in one language: the catalogue's, the invitation's days filled in. */
function templateText(text: TemplateText, translator: Translator): string {
  return text === TICKET_SUBJECT ? text : translator.t(text, { days: INVITATION_LINK_DAYS });
}

/** Each mail's label and its default subject and body, in English: the settings' defaults. */
export const MAIL_TEMPLATES = Object.fromEntries(
  Object.entries(TEMPLATE_TEXTS).map(([name, t]) => [
    name,
    { label: t.label, subject: templateText(t.subjectKey, english), body: templateText(t.bodyKey, english) },
  ]),
) as Record<MailTemplateName, { label: string; subject: string; body: string }>;

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
    templateFields[`${name}_subject`] = { type: 'text', label: `${template.label}: subject`, default: template.subject };
    templateFields[`${name}_body`] = { type: 'textarea', label: `${template.label}: body`, default: template.body };
  }
  return {
    label: 'Emails',
    sections: {
      sender: {
        label: 'Sender',
        desc: 'Who the mails come from. Empty: the site name, at helpdesk@ the host of the home URL.',
        fields: {
          from_name: { type: 'text' as const, label: 'Sender name', default: '' },
          from_address: { type: 'email' as const, label: 'Sender address', default: '' },
        },
      },
      incoming: {
        label: 'Incoming mail',
        desc:
          'Replies by mail land in their ticket, and mail to the support address opens a ticket. Every mail about a ticket ' +
          'gets a reply address on the support address (support+<ticket>-<code>@…) that only that ticket’s mails carry. ' +
          'Empty: HELPDESK_SUPPORT_ADDRESS, else mails carry no reply address. The mailbox is read with HELPDESK_IMAP_URL or ' +
          'fed by `helpdesk mail receive`.',
        fields: {
          support_address: { type: 'email' as const, label: 'Support address', default: '' },
          open_tickets_from_mail: {
            type: 'checkbox' as const,
            label: 'Open tickets from mail',
            desc:
              'Turn off and mail to the support address no longer opens new tickets; replies to tickets still arrive. ' +
              'Refused mails are kept in the failed list with the reason, never answered. Tickets → Intake protection → ' +
              '"Accept new tickets" off stops them too.',
            default: true,
          },
          new_tickets_per_sender_hour: {
            type: 'number' as const,
            label: 'New tickets by mail per sender per hour',
            desc: 'More mails from one address within the hour are refused (kept in the failed list, never answered).',
            default: 5,
            min: 1,
            max: 1000,
          },
          new_tickets_per_server_hour: {
            type: 'number' as const,
            label: 'New tickets by mail per sending server per hour',
            desc:
              'Counted by the address of the server that handed the mail to your mail system (read from the Received lines ' +
              'your side wrote), else by the sender’s domain. Large mail providers send many people’s mail from one ' +
              'server: raise it if their mails are refused.',
            default: 30,
            min: 1,
            max: 1_000_000,
          },
          new_tickets_by_mail_hour: {
            type: 'number' as const,
            label: 'New tickets by mail per hour in all',
            desc:
              'A ceiling for mail from everyone together, against floods with made-up senders from many servers. ' +
              'Mail tickets also count toward Tickets → Intake protection → "Tickets per day in all".',
            default: 100,
            min: 1,
            max: 1_000_000,
          },
        },
      },
      notifications: {
        label: 'Mail to agents',
        desc:
          'Who hears of what. A client’s reply on an assigned ticket goes to its assignee only; on an unassigned ticket, to every ' +
          'agent. An agent assigned a ticket by someone else is told. Disabled accounts get no mail.',
        fields: {
          notify_new_tickets: {
            type: 'checkbox' as const,
            label: 'Mail every agent about each new ticket',
            default: true,
          },
        },
      },
      resolved: {
        label: 'Resolved tickets',
        desc:
          'When an agent sets a ticket to Resolved, the client can be asked "Did this solve it?" with two links that need ' +
          'no sign-in. A reply sent with "Resolved" asks in that same mail; a status change alone sends its own mail. ' +
          'Reopening the ticket ends the question: a "yes" given for it no longer counts as satisfied, and resolving ' +
          'it again asks again. The answers show on the ticket and as a satisfaction figure in the admin.',
        fields: {
          ask_rating_when_resolved: {
            type: 'checkbox' as const,
            label: 'Ask the client "Did this solve it?" when a ticket becomes Resolved',
            default: true,
          },
          reopen_when_not_solved: {
            type: 'checkbox' as const,
            label: 'Reopen the ticket when the client answers "No, not yet"',
            default: true,
          },
        },
      },
      templates: {
        label: 'Templates',
        desc:
          'Plain text; the HTML part is made from it. A template left as it is goes out in each recipient’s language; ' +
          `one you change is sent as you wrote it, to everyone. Placeholders: ${PLACEHOLDERS.map((p) => `##${p}##`).join(', ')}.`,
        fields: templateFields,
      },
    },
  } satisfies SettingsTab;
}
