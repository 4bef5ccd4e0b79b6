import { Type } from '@sinclair/typebox';
import { EMAIL_MAX_LENGTH, MAX_PASSWORD_LENGTH } from '../../../../common/limits.js';
import { problemResponses } from '../shared.schema.js';

const Role = Type.Union([Type.Literal('client'), Type.Literal('agent'), Type.Literal('admin')]);
/** Who is signed in (or null), the CSRF token, and what the admin app shows of the site. */
export const MeReply = Type.Object({
  user: Type.Union([
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      email: Type.String(),
      role: Role,
      language: Type.Union([Type.String(), Type.Null()], {
        description: "The language the person chose in their profile (`de`); null: they see the site's (`site_language`)",
      }),
      time_zone: Type.Union([Type.String(), Type.Null()], {
        description: "The IANA time zone the person chose in their profile; null: times are shown in the site's (`time_zone`)",
      }),
    }),
    Type.Null(),
  ]),
  csrf_token: Type.String({ description: 'Send as the X-CSRF-Token header with every write made with the session cookie' }),
  site: Type.Object(
    {
      name: Type.String(),
      brand_color: Type.String({ description: '#rrggbb' }),
      logo_url: Type.Union([Type.String(), Type.Null()]),
    },
    { description: 'What the admin bar shows: what every help-site page shows anyway' },
  ),
  site_language: Type.String({
    description: "The site's default language (Settings → General): the admin app's language for staff who chose none",
  }),
  time_zone: Type.String({
    description: "The site's IANA time zone (Settings → General): the admin app shows times in it, as the help site does",
  }),
});
export const meResponse = { 200: MeReply };

export const SignInBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: EMAIL_MAX_LENGTH }),
    password: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }),
  },
  { additionalProperties: false },
);
export const signInResponse = { 200: MeReply, ...problemResponses(400, 401, 403, 429) };

export const signOutResponse = { 204: Type.Null(), ...problemResponses(403) };
