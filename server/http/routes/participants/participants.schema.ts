import { Type } from '@sinclair/typebox';
import { problemResponses } from '../shared.schema.js';

const Kind = Type.Union([Type.Literal('cc'), Type.Literal('follower')], {
  description: '`cc`: a client copied in (gets the public replies, may reply by mail); `follower`: a staff member who gets the notices',
});

export const ParticipantReply = Type.Object({
  kind: Kind,
  user_id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  added_by: Type.Union([Type.Integer(), Type.Null()], { description: 'Who added them; null: the mail that opened the ticket' }),
  created_at: Type.String({ format: 'date-time' }),
});

export const listParticipantsResponse = { 200: Type.Array(ParticipantReply), ...problemResponses(401, 403, 404) };

export const AddParticipantBody = Type.Union([
  Type.Object(
    {
      kind: Type.Literal('cc'),
      email: Type.String({
        minLength: 3,
        maxLength: 254,
        description: 'The client to copy in; a new address becomes a client account, with no mail',
      }),
      name: Type.Optional(Type.String({ maxLength: 100, format: 'single-line' })),
    },
    { additionalProperties: false },
  ),
  Type.Object({ kind: Type.Literal('follower'), user_id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
]);
export const addParticipantResponse = { 200: Type.Array(ParticipantReply), ...problemResponses(400, 401, 403, 404) };

export const RemoveParticipantQuery = Type.Object({ kind: Kind, user_id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export const removeParticipantResponse = { 200: Type.Array(ParticipantReply), ...problemResponses(400, 401, 403, 404) };
