import { Type } from '@sinclair/typebox';
import { MAIL_FAILURES } from '../../../mail-settings/mail-failure.js';
import { problemResponses } from '../shared.schema.js';

const Security = Type.Union([Type.Literal('none'), Type.Literal('starttls'), Type.Literal('tls')], {
  description: 'none: no encryption; starttls: upgraded with STARTTLS (port 587 or 143); tls: TLS from the start (port 465 or 993)',
});
const Source = Type.Union([Type.Literal('env'), Type.Literal('settings'), Type.Literal('none')], {
  description: 'env: the environment variable env_name sets it (it wins, read-only here); settings: saved here; none: not set',
});
const ServerCommon = {
  host: Type.String(),
  port: Type.Integer(),
  security: Security,
  user: Type.String(),
  password_set: Type.Boolean({ description: 'Whether a password is stored; the password itself is never returned' }),
  source: Source,
  env_name: Type.String({ description: 'The environment variable that sets this server and wins over these settings' }),
};

export const mailServersResponse = {
  200: Type.Object({
    smtp: Type.Object(ServerCommon),
    imap: Type.Object({ ...ServerCommon, folder: Type.String() }),
  }),
  ...problemResponses(401, 403),
};

const InputCommon = {
  host: Type.String({ maxLength: 300, description: 'The server’s name or address, like mail.example.com' }),
  port: Type.Integer({ description: '1–65535' }),
  security: Type.String({ description: 'none, starttls or tls' }),
  user: Type.String({ maxLength: 400 }),
  password: Type.Optional(Type.String({ maxLength: 2000, description: 'Absent: keep the stored one; empty: remove it; else replace it' })),
};

export const SmtpInput = Type.Object(InputCommon, { additionalProperties: false });
export const ImapInput = Type.Object({ ...InputCommon, folder: Type.String({ maxLength: 300 }) }, { additionalProperties: false });

export const saveServerResponse = { 204: Type.Null(), ...problemResponses(400, 401, 403, 409) };
export const removeServerResponse = { 204: Type.Null(), ...problemResponses(401, 403, 409) };

const Failure = Type.Object({
  ok: Type.Literal(false),
  failure: Type.Union(
    MAIL_FAILURES.map((f) => Type.Literal(f)),
    {
      description:
        'What failed: dns (host not found), refused (connection refused), timeout, tls, auth (sign-in refused), ' +
        'recipient (refused the address), folder (no such folder), not_set (no server), other',
    },
  ),
  server_said: Type.String({ description: 'The server’s own words, any password taken out' }),
});

export const TestMailInput = Type.Object(
  { to: Type.Optional(Type.String({ maxLength: 320, description: 'Where to send it; the signed-in admin’s own address when absent' })) },
  { additionalProperties: false },
);

export const testSmtpResponse = {
  200: Type.Union([Type.Object({ ok: Type.Literal(true), sent_to: Type.String() }), Failure]),
  ...problemResponses(400, 401, 403, 429),
};

export const checkImapResponse = {
  200: Type.Union([Type.Object({ ok: Type.Literal(true), folder: Type.String(), messages: Type.Integer() }), Failure]),
  ...problemResponses(401, 403, 429),
};
