import type { SettingsSection } from '../settings/schema-types.js';

const limit = (label: string, value: number, desc: string) => ({
  type: 'number' as const,
  label,
  default: value,
  min: 1,
  max: 1_000_000,
  desc,
});

/** Tickets → Intake protection: the switches and limits of the public ticket route. */
export function intakeSection() {
  return {
    label: 'Intake protection',
    desc:
      'Limits on tickets filed through the widget, the public API and mail, and on ' +
      'tickets and replies from signed-in clients. Agents and admins are never ' +
      'limited. Mail has limits of its own under Emails → Incoming mail.',
    fields: {
      intake_enabled: {
        type: 'checkbox',
        label: 'Accept new tickets',
        default: true,
        desc:
          'Turn off to stop new tickets from the widget, the public API and mail at once (the widget explains it ' +
          'is offline; refused mails are kept in the failed list). Replies to existing tickets still arrive.',
      },
      intake_stops_site_form: {
        type: 'checkbox',
        label: "Also stop the help site's new-ticket form",
        default: false,
        desc:
          'When tickets from the widget are turned off, signed-in clients cannot ' +
          'file new tickets on the help site either. Replies to existing tickets ' +
          'still work.',
      },
      limit_ip_hour: limit('Tickets per IP address per hour', 20, 'Over it, further submissions get "too many requests".'),
      limit_ip_day: limit('Tickets per IP address per day', 240, ''),
      limit_email_hour: limit(
        'Tickets per email address per hour',
        5,
        'The widget and mail together. Stops them being used to flood one address with confirmation mail.',
      ),
      limit_mail_hour: limit(
        'Mails to one address per hour',
        5,
        'Confirmations, sign-in links and access mails that anonymous visitors ' +
          'can cause; over it they are not sent. An address gets at most one ' +
          'new-ticket confirmation an hour whatever this says. Agent replies and ' +
          'mails to staff are never limited.',
      ),
      limit_mail_day: limit('Mails to one address per day', 20, ''),
      limit_global_day: limit(
        'Tickets per day in all',
        5_000,
        'A ceiling for the whole site (the widget, the API and mail), against distributed floods.',
      ),
      limit_client_tickets_hour: limit('Tickets per signed-in client per hour', 10, 'From the help site and the API together.'),
      limit_client_replies_hour: limit(
        'Replies per signed-in client per hour',
        60,
        'From the help site, the API and by mail together; ' +
          'a reply by mail over it is kept under failed mail and the client told once an hour.',
      ),
      limit_client_ip_hour: limit(
        'Tickets and replies from signed-in clients per IP address per hour',
        120,
        'Against one network using many accounts.',
      ),
      min_fill_seconds: {
        type: 'number',
        label: 'Minimum time to fill the form (seconds)',
        default: 1,
        min: 0,
        max: 120,
        desc:
          'Time from opening the widget to pressing Send. Scripts take milliseconds; ' +
          'a person using autofill and paste can take under 2 seconds, so keep it low. ' +
          'Faster sends are asked to check the message and send again.',
      },
    },
  } satisfies SettingsSection;
}
