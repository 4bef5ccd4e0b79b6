import { INVITATION_LINK_DAYS } from '../../common/limits.js';
import type { SettingsField, SettingsTab } from './schema-types.js';

// Every mail about a ticket has the same subject, so mail programs (which thread by subject as well
// as by References) show one ticket as one conversation; the number lets a reply find its ticket.
const TICKET_SUBJECT = '##ticket_title## [###ticket_id##]';

/**
 * The agent reply's earlier default, greeting first. A settings form saved unchanged stored it as if chosen; such a
 * copy is read as the current default (mail-jobs.ts), while an owner's own wording is kept as written.
 */
export const EARLIER_AGENT_REPLY_BODY =
  'Hello ##client_name##,\n\nThere is a new reply to your request "##ticket_title##":\n\n##reply_text##\n\n' +
  'Read and answer it here:\n##ticket_link##\n\n##site_name##';

/** The mails the helpdesk sends; each has a subject and a body template in Emails settings. */
export const MAIL_TEMPLATES = {
  client_ticket_created: {
    label: 'New ticket: confirmation to the client',
    subject: TICKET_SUBJECT,
    body:
      'Hello ##client_name##,\n\nThank you for contacting ##site_name##. We ' +
      'received your request "##ticket_title##" and will answer soon.\n\nRead ' +
      'and answer your ticket here:\n##ticket_link##\n\n##site_name##',
  },
  client_agent_reply: {
    label: 'Agent reply: to the client',
    subject: TICKET_SUBJECT,
    // The agent's own words are the mail, greeting and all (a second "Hello" above theirs reads as a system notice);
    // what the reply is about and where to answer it follow.
    body: '##reply_text##\n\n---\nYour request "##ticket_title##" at ##site_name##. Read and answer it here:\n##ticket_link##',
  },
  client_ticket_link: {
    label: 'Fresh sign-in link: to the client',
    subject: 'Your link to ##site_name##',
    body:
      'Hello ##client_name##,\n\nUse this link to sign in to ' +
      '##site_name##:\n##ticket_link##\n\nIf you did not ask for it, ignore ' +
      'this mail.',
  },
  client_access_request: {
    label: 'Request from an address without an account (privacy option): to that address',
    subject: 'Your request to ##site_name##',
    body:
      'Hello,\n\nSomeone, perhaps you, sent a request to ##site_name## from ' +
      'this email address. This help desk answers only people who have an ' +
      'account, and this address has none, so the request was not filed and ' +
      'nothing about it was kept.\n\nTo get help, ask the owners of ' +
      '##site_name## for an account:\n##site_link##\n\nIf it was not you, you ' +
      'can ignore this mail.\n\n##site_name##',
  },
  client_confirm_address: {
    label: 'Sign-up: confirm the address (to the person signing up)',
    subject: 'Confirm your address for ##site_name##',
    body:
      'Hello ##client_name##,\n\nSomeone, perhaps you, asked for an account ' +
      'at ##site_name## with this email address. To create it, open this link ' +
      'and choose your password:\n##ticket_link##\n\nThe link works once, for ' +
      '24 hours. If it was not you, ignore this mail: no account is ' +
      'made.\n\n##site_name##',
  },
  client_account_exists: {
    label: 'Sign-up for an address that has an account: to that address',
    subject: 'Your account at ##site_name##',
    body:
      'Hello ##client_name##,\n\nSomeone, perhaps you, tried to create an ' +
      'account at ##site_name## with this email address. You have one already, ' +
      'so nothing was changed. Sign in here:\n##site_link##\n\nIf you forgot ' +
      'your password, choose a new one with this link (it works once, for one ' +
      'hour):\n##ticket_link##\n\nIf it was not you, ignore this ' +
      'mail.\n\n##site_name##',
  },
  password_reset: {
    label: 'Forgot password: reset link (to the client, agent or admin who asked)',
    subject: 'Choose a new password for ##site_name##',
    body:
      'Hello ##client_name##,\n\nSomeone, perhaps you, asked to reset the ' +
      'password of your account at ##site_name##. Choose a new one with this ' +
      'link (it works once, for one hour):\n##ticket_link##\n\nIf it was not ' +
      'you, ignore this mail: your password stays as it is.\n\n##site_name##',
  },
  staff_invitation: {
    label: 'Invitation: an admin added an agent or admin without a password',
    subject: 'You are invited to ##site_name##',
    body:
      'Hello ##client_name##,\n\nYou were added to the help desk of ##site_name##. ' +
      `Choose your password with this link (it works once, for ${INVITATION_LINK_DAYS} days):\n##ticket_link##\n\n` +
      'After that, sign in here:\n##admin_link##\n\nIf the link has expired, ask the admin who invited you to ' +
      'send a new invitation, or use "Forgot password?" on the sign-in page.\n\n##site_name##',
  },
  agent_ticket_created: {
    label: 'New ticket: to agents',
    subject: TICKET_SUBJECT,
    body: '##client_name## filed a new ticket "##ticket_title##":\n\n##reply_text##\n\n##ticket_link##',
  },
  agent_client_reply: {
    label: 'Client reply: to agents (the assignee only, once a ticket has one)',
    subject: TICKET_SUBJECT,
    body: '##client_name## replied to "##ticket_title##":\n\n##reply_text##\n\n##ticket_link##',
  },
  agent_mail_reply_refused: {
    label: 'Mail with an agent’s address as sender, not posted (it did not answer their own notification): to that agent',
    subject: TICKET_SUBJECT,
    body:
      'A mail with your address as its sender came in for the ticket "##ticket_title##" of ##client_name##, ' +
      'but it was not posted as your reply: only a reply to a mail the help desk sent to you proves that you ' +
      'wrote it (its reply address is yours alone).\n\nIf you wrote it, reply to this mail or to the ' +
      'notification, or answer in the ticket:\n##ticket_link##\n\nIf you did not, someone else used your ' +
      'address as the sender. The mail is kept under Emails → Failed incoming mails.',
  },
  client_mail_replies_limited: {
    label: 'Replies by mail over "Replies per signed-in client per hour": to the client (once per hour)',
    subject: TICKET_SUBJECT,
    body:
      'Hello ##client_name##,\n\nYou sent more replies this hour than ##site_name## takes, so your ' +
      'latest reply by mail to "##ticket_title##" was not added to the ticket. It is kept, not lost. ' +
      'Please wait an hour before you write again. Your ticket:\n##ticket_link##\n\nThis notice is ' +
      'sent at most once an hour.\n\n##site_name##',
  },
  agent_ticket_assigned: {
    label: 'Ticket assigned: to the new assignee',
    subject: TICKET_SUBJECT,
    body: 'The ticket "##ticket_title##" of ##client_name## is now yours.\n\n##ticket_link##',
  },
  client_ticket_resolved: {
    label: 'Ticket resolved: "Did this solve it?" to the client',
    subject: TICKET_SUBJECT,
    body:
      'Hello ##client_name##,\n\nWe marked your request "##ticket_title##" as ' +
      'resolved. Did this solve it?\n\nYes, solved:\n##rating_yes_link##\n\n' +
      'No, not yet:\n##rating_no_link##\n\nEach link opens a short page where ' +
      'you can add a comment. No sign-in is needed.\n\n##site_name##',
  },
  agent_rating_received: {
    label: 'Client answered "Did this solve it?": to the assignee (or every agent)',
    subject: TICKET_SUBJECT,
    body: '##client_name## answered "Did this solve it?" for "##ticket_title##":\n\n##reply_text##\n\n##ticket_link##',
  },
  agent_tickets_assigned: {
    label: 'Several tickets assigned at once (a bulk change): one mail to the new assignee',
    subject: 'Tickets assigned to you at ##site_name##',
    body: 'These tickets are now yours:\n\n##reply_text##\n\n##ticket_link##',
  },
} as const;

export type MailTemplateName = keyof typeof MAIL_TEMPLATES;

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
        desc: `Plain text; the HTML part is made from it. Placeholders: ${PLACEHOLDERS.map((p) => `##${p}##`).join(', ')}.`,
        fields: templateFields,
      },
    },
  } satisfies SettingsTab;
}
