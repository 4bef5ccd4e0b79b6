import { Value } from '@sinclair/typebox/value';
import { JOB_PAYLOAD_SCHEMAS, type JobKind, type JobPayloads } from './job-payloads.js';

export type ReadPayload<K extends JobKind> = { ok: true; payload: JobPayloads[K] } | { ok: false; reason: string };

/**
 * The payload of a job row read back from the database, checked against its kind's schema. A row
 * written by hand, by an older version or by a bug is reported in plain words rather than handed on
 * half-parsed (a `ticketId` of "abc" became NaN before).
 */
export function readJobPayload<K extends JobKind>(kind: K, text: string): ReadPayload<K> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: `The payload of this "${kind}" job is not valid JSON.` };
  }
  const schema = JOB_PAYLOAD_SCHEMAS[kind];
  if (Value.Check(schema, value)) return { ok: true, payload: value as JobPayloads[K] };
  const first = Value.Errors(schema, value).First();
  const where = first?.path ? ` at ${first.path}` : '';
  return {
    ok: false,
    reason: `The payload of this "${kind}" job does not have the expected shape${where}: ${first?.message ?? 'unexpected value'}.`,
  };
}
