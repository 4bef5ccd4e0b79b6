import { INVITATION_LINK_DAYS } from '../../common/limits.js';
import type { SettingsField, SettingsTab } from './schema-types.js';
import { schemaText } from './translate-schema.js';

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
    subject: TICKET_SUBJECT,
    body:
      'Hello ##client_name##,\n\nThank you for contacting ##site_name##. We ' +
      'received your request "##ticket_title##" and will answer soon.\n\nRead ' +
      'and answer your ticket here:\n##ticket_link##\n\n##site_name##',
  },
  client_agent_reply: {
    subject: TICKET_SUBJECT,
    // The agent's own words are the mail, greeting and all (a second "Hello" above theirs reads as a system notice);
    // what the reply is about and where to answer it follow.
    body: '##reply_text##\n\n---\nYour request "##ticket_title##" at ##site_name##. Read and answer it here:\n##ticket_link##',
  },
  client_ticket_link: {
    subject: 'Your link to ##site_name##',
    body:
      'Hello ##client_name##,\n\nUse this link to sign in to ' +
      '##site_name##:\n##ticket_link##\n\nIf you did not ask for it, ignore ' +
      'this mail.',
  },
  client_access_request: {
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
    subject: 'Confirm your address for ##site_name##',
    body:
      'Hello ##client_name##,\n\nSomeone, perhaps you, asked for an account ' +
      'at ##site_name## with this email address. To create it, open this link ' +
      'and choose your password:\n##ticket_link##\n\nThe link works once, for ' +
      '24 hours. If it was not you, ignore this mail: no account is ' +
      'made.\n\n##site_name##',
  },
  client_account_exists: {
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
    subject: 'Choose a new password for ##site_name##',
    body:
      'Hello ##client_name##,\n\nSomeone, perhaps you, asked to reset the ' +
      'password of your account at ##site_name##. Choose a new one with this ' +
      'link (it works once, for one hour):\n##ticket_link##\n\nIf it was not ' +
      'you, ignore this mail: your password stays as it is.\n\n##site_name##',
  },
  staff_invitation: {
    subject: 'You are invited to ##site_name##',
    body:
      'Hello ##client_name##,\n\nYou were added to the help desk of ##site_name##. ' +
      `Choose your password with this link (it works once, for ${INVITATION_LINK_DAYS} days):\n##ticket_link##\n\n` +
      'After that, sign in here:\n##admin_link##\n\nIf the link has expired, ask the admin who invited you to ' +
      'send a new invitation, or use "Forgot password?" on the sign-in page.\n\n##site_name##',
  },
  agent_ticket_created: {
    subject: TICKET_SUBJECT,
    body: '##client_name## filed a new ticket "##ticket_title##":\n\n##reply_text##\n\n##ticket_link##',
  },
  agent_client_reply: {
    subject: TICKET_SUBJECT,
    body: '##client_name## replied to "##ticket_title##":\n\n##reply_text##\n\n##ticket_link##',
  },
  agent_mail_reply_refused: {
    subject: TICKET_SUBJECT,
    body:
      'A mail with your address as its sender came in for the ticket "##ticket_title##" of ##client_name##, ' +
      'but it was not posted as your reply: only a reply to a mail the help desk sent to you proves that you ' +
      'wrote it (its reply address is yours alone).\n\nIf you wrote it, reply to this mail or to the ' +
      'notification, or answer in the ticket:\n##ticket_link##\n\nIf you did not, someone else used your ' +
      'address as the sender. The mail is kept under Emails → Failed incoming mails.',
  },
  client_mail_replies_limited: {
    subject: TICKET_SUBJECT,
    body:
      'Hello ##client_name##,\n\nYou sent more replies this hour than ##site_name## takes, so your ' +
      'latest reply by mail to "##ticket_title##" was not added to the ticket. It is kept, not lost. ' +
      'Please wait an hour before you write again. Your ticket:\n##ticket_link##\n\nThis notice is ' +
      'sent at most once an hour.\n\n##site_name##',
  },
  agent_ticket_assigned: {
    subject: TICKET_SUBJECT,
    body: 'The ticket "##ticket_title##" of ##client_name## is now yours.\n\n##ticket_link##',
  },
  client_ticket_resolved: {
    subject: TICKET_SUBJECT,
    body:
      'Hello ##client_name##,\n\nWe marked your request "##ticket_title##" as ' +
      'resolved. Did this solve it?\n\nYes, solved:\n##rating_yes_link##\n\n' +
      'No, not yet:\n##rating_no_link##\n\nEach link opens a short page where ' +
      'you can add a comment. No sign-in is needed.\n\n##site_name##',
  },
  agent_rating_received: {
    subject: TICKET_SUBJECT,
    body: '##client_name## answered "Did this solve it?" for "##ticket_title##":\n\n##reply_text##\n\n##ticket_link##',
  },
  agent_tickets_assigned: {
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
