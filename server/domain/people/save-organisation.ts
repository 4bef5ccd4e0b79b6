import type { Kysely, Updateable } from 'kysely';
import { message } from '../../../common/i18n/translator.js';
import type { Database, OrganisationsTable } from '../../db/tables.js';
import { AppError, invalidField } from '../../errors.js';
import type { DomainContext } from '../context.js';
import { now } from '../context.js';
import { isValidAsciiDomain } from './ascii-domain.js';
import { checkAttributes } from './check-attributes.js';

export interface OrganisationInput {
  name?: string;
  domains?: string[];
  notes?: string;
  attributes?: Record<string, string>;
}

/** A domain as stored: trimmed, lower-case, a plain host name (`example.com`); undefined when it is not one. */
export function normalizeDomain(value: string): string | undefined {
  const domain = value.trim().toLowerCase();
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/.test(domain)) return undefined;
  return isValidAsciiDomain(domain) ? domain : undefined;
}

/**
 * Creates (`id` null) or changes an organisation. Its domains replace the old list; a domain another
 * organisation lists is refused with a field problem naming it, and nothing is changed.
 */
export async function saveOrganisation(ctx: DomainContext, id: number | null, input: OrganisationInput): Promise<number> {
  const attributes = input.attributes && checkAttributes(input.attributes);
  const domains = input.domains && [...new Set(input.domains.map((d, i) => normalizeDomain(d) ?? badDomain(i)))];
  return ctx.db.transaction().execute(async (trx) => {
    const time = now();
    const fields: Updateable<OrganisationsTable> = {};
    if (input.name !== undefined) fields.name = input.name.trim();
    if (input.notes !== undefined) fields.notes = input.notes;
    if (attributes !== undefined) fields.attributes = JSON.stringify(attributes);
    let orgId: number;
    if (id === null) {
      const row = await trx
        .insertInto('organisations')
        .values({
          name: fields.name ?? '',
          notes: fields.notes ?? '',
          attributes: fields.attributes ?? '{}',
          created_at: time,
          updated_at: time,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      orgId = row.id;
    } else {
      const row = await trx
        .updateTable('organisations')
        .set({ ...fields, updated_at: time })
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      if (!row) throw noOrganisation(id);
      orgId = row.id;
    }
    if (domains) await replaceDomains(trx, orgId, domains);
    return orgId;
  });
}

async function replaceDomains(trx: Kysely<Database>, orgId: number, domains: string[]): Promise<void> {
  if (domains.length > 0) {
    const claimed = await trx
      .selectFrom('organisation_domains as d')
      .innerJoin('organisations as o', 'o.id', 'd.organisation_id')
      .select(['d.domain', 'o.name'])
      .where('d.domain', 'in', domains)
      .where('d.organisation_id', '!=', orgId)
      .executeTakeFirst();
    if (claimed) {
      throw invalidField(`domains.${domains.indexOf(claimed.domain)}`, message('problems.contacts.domain_taken', claimed));
    }
  }
  await trx.deleteFrom('organisation_domains').where('organisation_id', '=', orgId).execute();
  if (domains.length > 0) {
    await trx
      .insertInto('organisation_domains')
      .values(domains.map((domain) => ({ domain, organisation_id: orgId })))
      .execute();
  }
}

function badDomain(index: number): never {
  throw invalidField(`domains.${index}`, message('problems.contacts.bad_domain'));
}

export function noOrganisation(id: number): AppError {
  return new AppError('NOT_FOUND', message('problems.contacts.no_organisation', { id: String(id) }));
}
