import type { Translator } from '../../common/i18n/translator.js';

/** A ticket as a Slack message names it: its terms' names already in the reader's words. */
export interface SlackTicket {
  number: number;
  subject: string;
  status: string | null;
  urgency: string | null;
  clientName: string | null;
}

export interface SlackMessage {
  text: string;
  blocks: Array<
    { type: 'section'; text: { type: 'mrkdwn'; text: string } } | { type: 'context'; elements: Array<{ type: 'mrkdwn'; text: string }> }
  >;
}

/** What Slack is told about: the events a Slack subscription follows, and a rule's "call a webhook" action. */
export type SlackEvent =
  | { type: 'ticket.created' }
  | { type: 'ticket.sla_breached'; metric: string }
  | { type: 'rule.fired'; rule: string };

export function isSlackMessageEvent(type: string): type is SlackEvent['type'] {
  return type === 'ticket.created' || type === 'ticket.sla_breached' || type === 'rule.fired';
}

/**
 * Text from people made inert for Slack's mrkdwn: `&`, `<` and `>` are its only control characters (`<url|label>`
 * links, `<@U123>` mentions, `<!channel>`), so a subject can neither link nor ping anyone.
 */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The incoming-webhook message (`{text, blocks}`) for `ticket.created`, `ticket.sla_breached` or a rule's
 * `rule.fired`: a line with the ticket's number linking to it in the admin app and its subject, then its urgency,
 * status and client. `text` is what notifications and clients without blocks show.
 */
export function slackMessage(t: Pick<Translator, 't'>, event: SlackEvent, ticket: SlackTicket, ticketLink: string): SlackMessage {
  const none = t.t('mail.slack.none');
  const number = `<${ticketLink}|#${ticket.number}>`;
  const subject = escapeSlack(ticket.subject);
  const headline =
    event.type === 'ticket.created'
      ? t.t('mail.slack.created', { ticket: number, subject })
      : event.type === 'rule.fired'
        ? t.t('mail.slack.rule', { ticket: number, subject, rule: escapeSlack(event.rule) })
        : t.t('mail.slack.breached', { ticket: number, subject, metric: event.metric });
  const facts = t.t('mail.slack.facts', {
    urgency: escapeSlack(ticket.urgency ?? none),
    status: escapeSlack(ticket.status ?? none),
    client: escapeSlack(ticket.clientName || none),
  });
  return {
    text: headline,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: headline } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: facts }] },
    ],
  };
}
