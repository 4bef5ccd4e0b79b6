import { Type } from '@sinclair/typebox';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, TICKET_FIELD_LIMITS } from '../../../../common/limits.js';
import { Label, problemResponses } from '../shared.schema.js';

const Role = Type.Union([Type.Literal('client'), Type.Literal('agent'), Type.Literal('admin')]);
export const UserReply = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  role: Role,
  disabled_at: Type.Union([Type.String(), Type.Null()], { description: 'When an admin disabled the account; null: it may sign in' }),
  invitation_sent_at: Type.Union([Type.String(), Type.Null()], {
    description: 'When the latest invitation was sent, while the person has not chosen a password yet; null otherwise',
  }),
});

const Password = Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH });
export const AddUserBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: TICKET_FIELD_LIMITS.email }),
    name: Label(TICKET_FIELD_LIMITS.name),
    role: Role,
    password: Type.Optional(Password),
    invite: Type.Optional(
      Type.Boolean({ description: 'Mail the new agent or admin a link to choose their own password (instead of `password`)' }),
    ),
  },
  { additionalProperties: false },
);
export const addUserResponse = { 201: UserReply, ...problemResponses(400, 401, 403, 409) };

// Not strict: this list took no query before, and a caller's extra parameter must not start failing.
export const UsersQuery = Type.Object({ email: Type.Optional(Type.String({ format: 'email', maxLength: TICKET_FIELD_LIMITS.email })) });
export const userListResponse = { 200: Type.Array(UserReply), ...problemResponses(400, 401, 403) };

export const disableUserResponse = { 200: UserReply, ...problemResponses(401, 403, 404, 409) };
export const resendInvitationResponse = { 200: UserReply, ...problemResponses(401, 403, 404, 409, 429) };

export const UpdateUserBody = Type.Object(
  { name: Type.Optional(Label(TICKET_FIELD_LIMITS.name)), role: Type.Optional(Role), password: Type.Optional(Password) },
  { additionalProperties: false, minProperties: 1 },
);
export const updateUserResponse = { 200: UserReply, ...problemResponses(400, 401, 403, 404) };

export const UpdateMeBody = Type.Object(
  {
    language: Type.Optional(
      Type.Union([Type.String({ maxLength: 16 }), Type.Null()], {
        description: "A shipped language (`en`, `de`, `es`, `fr`, `ar`); null: the site's language",
      }),
    ),
    time_zone: Type.Optional(
      Type.Union([Type.String({ maxLength: 64 }), Type.Null()], { description: "An IANA time zone (`Europe/Berlin`); null: the site's" }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export const MeProfileReply = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  language: Type.Union([Type.String(), Type.Null()], { description: "The person's own language; null: the site's" }),
  time_zone: Type.Union([Type.String(), Type.Null()], { description: "The person's own IANA time zone; null: the site's" }),
});
export const updateMeResponse = { 200: MeProfileReply, ...problemResponses(400, 401, 403) };
