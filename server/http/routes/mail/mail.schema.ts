import { Type } from '@sinclair/typebox';
import { problemResponses } from '../shared.schema.js';

const Time = Type.Union([Type.String(), Type.Null()]);

export const inboundStatusResponse = {
  200: Type.Object({
    imap_configured: Type.Boolean(),
    mailbox: Type.Union([Type.String(), Type.Null()]),
    last_check_at: Time,
    last_error: Type.Union([Type.String(), Type.Null()]),
    last_error_at: Time,
    imported: Type.Integer(),
    failed: Type.Integer(),
  }),
  ...problemResponses(401, 403),
};

export const failedMailsResponse = {
  200: Type.Array(
    Type.Object({
      id: Type.Integer(),
      message_id: Type.String(),
      sender: Type.String(),
      subject: Type.String(),
      reason: Type.String(),
      received_at: Type.String(),
    }),
  ),
  ...problemResponses(401, 403),
};

export const retryMailResponse = {
  200: Type.Object({
    outcome: Type.Union(['imported', 'duplicate', 'ignored', 'rejected', 'temporary'].map((k) => Type.Literal(k))),
    ticket_id: Type.Union([Type.Integer(), Type.Null()]),
    ticket_number: Type.Union([Type.Integer(), Type.Null()], {
      description: 'The number people read (#12) of the ticket it went into',
    }),
    reason: Type.Union([Type.String(), Type.Null()]),
  }),
  ...problemResponses(401, 403, 404),
};

export const testMailResponse = {
  200: Type.Object({ sent_to: Type.String(), written_to_file: Type.Union([Type.String(), Type.Null()]) }),
  ...problemResponses(401, 403, 503),
};
