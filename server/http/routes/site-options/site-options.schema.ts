import { Type } from '@sinclair/typebox';
import { BRAND_COLOR_PATTERN } from '../../../settings/site-options.js';
import { Label, problemResponses } from '../shared.schema.js';

export const SiteOptions = Type.Object({
  users_can_register: Type.Boolean({ description: '"Anyone can register"' }),
  site_name: Type.String(),
  brand_color: Type.String({ description: 'The site colour, #rrggbb' }),
  time_zone: Type.String({ description: 'IANA time zone of the times on pages and in mails' }),
  site_language: Type.String({
    description: 'The language of pages, mails and the widget for whoever has none of their own: en, de, es, fr or ar',
  }),
  logo_url: Type.Union([Type.String(), Type.Null()], { description: 'The uploaded logo (PUT /logo), or null' }),
});

export const SiteOptionsPatch = Type.Object(
  {
    users_can_register: Type.Optional(Type.Boolean()),
    site_name: Type.Optional(Label(100)),
    brand_color: Type.Optional(Type.String({ pattern: BRAND_COLOR_PATTERN, description: '#rrggbb' })),
    time_zone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone, e.g. Europe/Berlin' })),
    site_language: Type.Optional(Type.String({ minLength: 1, maxLength: 16, description: 'A shipped language: en, de, es, fr or ar' })),
  },
  { additionalProperties: false },
);

export const siteOptionsResponse = { 200: SiteOptions, ...problemResponses(401, 403) };
export const changeSiteOptionsResponse = { 200: SiteOptions, ...problemResponses(400, 401, 403) };
export const uploadLogoResponse = { 200: SiteOptions, ...problemResponses(400, 401, 403, 413, 415) };
