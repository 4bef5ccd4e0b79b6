import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { type CoreSettings, getCoreSettings } from '../../settings/core-settings.js';
import type { DomainContext } from '../context.js';
import { slaInForce } from '../sla/sla-policies-exist.js';
import { changeTicket, publishTicketChange } from '../tickets/change-ticket.js';
import type { TicketChange } from '../tickets/ticket-activity.js';
import type { ParticipantKind } from './participants.js';

/**
 * One person copied in, followed, or taken off: the activity entry's words name them as people read them, and it
 * keeps their account (two people may share a name; "followed" is the actor's own account, not their name).
 */
export interface ParticipantEntry {
  kind: ParticipantKind;
  userId: number;
  name: string;
  added: boolean;
}

/** What the reads before the transaction give the recording: the settings and whether service levels are kept. */
export interface RecordingSettings {
  settings: CoreSettings;
  withSla: boolean;
}

/** Read before the transaction (never through it): `changeTicket` needs them. */
export async function recordingSettings(ctx: DomainContext): Promise<RecordingSettings> {
  const [settings, withSla] = await Promise.all([getCoreSettings(ctx), slaInForce(ctx.db)]);
  return { settings, withSla };
}

/**
 * Writes the ticket's change `write` makes to its people copied in or following, and the activity entries it
 * returns ("Alex copied in Sam"), under one new version in one transaction; once committed, open screens hear of
 * it as of any change (`ticket.updated`, fields `cc` or `follower`). Nothing written, no entry and no version.
 */
export async function changeParticipantsRecorded(
  ctx: DomainContext,
  ticketId: number,
  actorId: number | null,
  { settings, withSla }: RecordingSettings,
  write: (trx: Kysely<Database>) => Promise<ParticipantEntry[]>,
  automatic = false,
): Promise<void> {
  const at = ctx.now();
  const applied = await ctx.db.transaction().execute(async (trx) => {
    const entries = await write(trx);
    if (entries.length === 0) return undefined;
    const alongWith: TicketChange[] = entries.map((e) => ({
      kind: 'participant',
      field: e.kind,
      ...(e.added ? { newValue: e.name } : { oldValue: e.name }),
      personId: e.userId,
      ...(automatic && { automatic: true }),
    }));
    return changeTicket(trx, ticketId, {}, { actorId, settings, alongWith, at, slaInForce: withSla });
  });
  if (applied) publishTicketChange(ctx, ticketId, applied, actorId);
}
