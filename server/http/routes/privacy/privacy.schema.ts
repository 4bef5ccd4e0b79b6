import { Type } from '@sinclair/typebox';
import { problemResponses } from '../shared.schema.js';

export const EraseClientBody = Type.Object(
  {
    mode: Type.Union([Type.Literal('delete'), Type.Literal('anonymise')], {
      description: "`delete`: the client's tickets go whole; `anonymise`: they stay, emptied, for the reports' counts",
    }),
    confirm: Type.Literal(true, { description: 'Must be true: an erasure is final, there is no undo' }),
  },
  { additionalProperties: false },
);

export const ErasureReply = Type.Object({
  id: Type.Integer({ description: "The erasure record's id (the record has no personal data)" }),
  erased_at: Type.String(),
  mode: Type.Union([Type.Literal('delete'), Type.Literal('anonymise')]),
  tickets: Type.Integer({ description: 'Tickets deleted or anonymised' }),
  messages: Type.Integer({ description: 'Messages deleted or emptied' }),
  files: Type.Integer({ description: 'Files deleted (with their thumbnails)' }),
  outbox_mails: Type.Integer({ description: 'Mails to the client dropped from the outbox' }),
});

export const eraseClientResponse = { 200: ErasureReply, ...problemResponses(400, 401, 403, 404) };

export const exportClientResponse = {
  200: {
    description:
      "A ZIP: client.json (profile, tickets filed, the messages they can see, ratings, consents) and files/ (their tickets' files)",
    content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
  },
  ...problemResponses(401, 403, 404, 429),
};

const Days = Type.Optional(Type.Integer({ minimum: 0, maximum: 36_500, description: 'Days; 0: never; absent: the stored setting' }));
export const RetentionPreviewQuery = Type.Object(
  { delete_closed_tickets_after_days: Days, delete_inactive_clients_after_days: Days, mail_records_after_days: Days },
  { additionalProperties: false },
);
export const retentionPreviewResponse = {
  200: Type.Object({
    closed_tickets: Type.Integer({ description: 'Closed tickets that would be deleted or anonymised' }),
    inactive_clients: Type.Integer({ description: 'Client accounts that would be erased' }),
    inbound_mails: Type.Integer(),
    sent_mails: Type.Integer(),
    webhook_deliveries: Type.Integer(),
  }),
  ...problemResponses(400, 401, 403),
};
