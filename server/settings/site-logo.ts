import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type Message, message } from '../../common/i18n/translator.js';
import type { Database } from '../db/tables.js';
import { optionsWritten, writeOption } from '../domain/options.js';
import { AppError, fieldError } from '../errors.js';

/** A logo is a small picture in the header: a quarter of a megabyte is plenty and keeps it in one option row. */
export const LOGO_MAX_BYTES = 256 * 1024;

export interface SiteLogo {
  type: LogoType;
  bytes: Buffer;
  /** Changes with the picture: the cache key of its URL. */
  version: string;
}

type LogoType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

// Decided by the bytes, never by a name or a declared type. No SVG: it can carry script.
const SIGNATURES: Array<[LogoType, (b: Buffer) => boolean]> = [
  ['image/png', (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['image/gif', (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1'))],
  ['image/webp', (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP'],
];

const OPTION = 'site_logo';
const VERSION_OPTION = 'logo_version';

/** Stores the site's logo (replacing any) and returns its new version; refuses what is not a small raster image. */
export async function saveSiteLogo(db: Kysely<Database>, bytes: Buffer): Promise<string> {
  if (bytes.length === 0) throw logoError('VALIDATION_FAILED', message('problems.logo.empty'));
  if (bytes.length > LOGO_MAX_BYTES)
    throw logoError('PAYLOAD_TOO_LARGE', message('problems.logo.too_large', { kb: LOGO_MAX_BYTES / 1024 }));
  const type = SIGNATURES.find(([, matches]) => matches(bytes))?.[0];
  if (!type) throw logoError('UNSUPPORTED_MEDIA_TYPE', message('problems.logo.kind'));
  const version = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  await db.transaction().execute(async (trx) => {
    await writeOption(trx, OPTION, { type, data: bytes.toString('base64') });
    // Kept apart from the picture so every page can ask whether there is a logo without reading it.
    await writeOption(trx, VERSION_OPTION, version);
  });
  return version;
}

const logoError = (code: 'VALIDATION_FAILED' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE', detail: Message) =>
  new AppError(code, detail, [fieldError('logo', detail)]);

/** Removes the logo: pages show the site name alone again. */
export async function removeSiteLogo(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('options').where('name', 'in', [OPTION, VERSION_OPTION]).execute();
  optionsWritten();
}

/** The stored logo, or null. */
export async function readSiteLogo(db: Kysely<Database>): Promise<SiteLogo | null> {
  const rows = await db.selectFrom('options').select(['name', 'value']).where('name', 'in', [OPTION, VERSION_OPTION]).execute();
  const stored = Object.fromEntries(rows.map((r) => [r.name, JSON.parse(r.value)]));
  const logo = stored[OPTION] as { type: LogoType; data: string } | undefined;
  if (!logo || typeof stored[VERSION_OPTION] !== 'string') return null;
  return { type: logo.type, bytes: Buffer.from(logo.data, 'base64'), version: stored[VERSION_OPTION] };
}

/** Where pages load the logo from: the version in the URL lets browsers keep it for a year. */
export function siteLogoUrl(homeUrl: string, version: string): string | undefined {
  return version ? `${homeUrl}/site-logo?v=${version}` : undefined;
}
