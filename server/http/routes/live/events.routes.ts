import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { message } from '../../../../common/i18n/translator.js';
import { findSessionUser } from '../../../auth/sessions.js';
import { type Actor, isStaff } from '../../../domain/context.js';
import { findActorByToken } from '../../../domain/people/api-tokens.js';
import { AppError } from '../../../errors.js';
import { AccessGate } from '../../../live/access-gate.js';
import { EventStream } from '../../../live/event-stream.js';
import type { LiveMessage } from '../../../live/live-bus.js';
import { OpenStreams } from '../../../live/open-streams.js';
import { mayFollowAllTickets, mayReadComment } from '../../../policies/ticket-policy.js';
import { addressKey } from '../../../security/client-address.js';
import { BEARER_HEADER } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { problemResponses } from '../shared.schema.js';
import { EVENT_STREAM_DESCRIPTION, LastEventIdHeaders } from './live.schema.js';
import { type LiveEventMessage, LiveEventSchema } from './live-event.schema.js';

/**
 * GET /events — live updates for the admin app as Server-Sent Events (staff only): new tickets, changes,
 * replies and notes, tags, the caller's own notifications, and who is on which ticket. Open streams are limited per account and address and
 * all ended when the server closes.
 */
export const eventsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx, config }) => {
  const streams = new OpenStreams();
  // Before the server stops taking connections: an open stream would keep its close waiting.
  app.addHook('preClose', (done) => {
    streams.closeAll();
    done();
  });

  app.get(
    '/events',
    {
      schema: {
        summary: 'Live updates: new tickets, changes, replies and notes, presence (agents and admins)',
        description: EVENT_STREAM_DESCRIPTION,
        tags: ['tickets'],
        headers: LastEventIdHeaders,
        response: {
          200: {
            description: 'The event stream: LiveEvent, one after the other',
            content: { 'text/event-stream': { schema: Type.Ref(LiveEventSchema) } },
          },
          ...problemResponses(401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { actor } = request;
      if (!actor) throw new AppError('UNAUTHENTICATED', message('problems.live.sign_in', { header: BEARER_HEADER }));
      if (!mayFollowAllTickets(actor)) throw new AppError('FORBIDDEN', message('problems.live.staff_only'));
      // An IPv6 /64 counts as one address, as in every per-address limit.
      const slot = streams.admit(actor.id, addressKey(request.ip));

      const lastEventId = request.headers['last-event-id'];

      reply.hijack();
      let unsubscribe = () => {};
      const isStillAllowed = () => isStillStaff(ctx.db, request);
      const stream = new EventStream(request.raw, reply.raw, {
        heartbeatMs: config.liveHeartbeatMs,
        isStillAllowed,
        onClose: () => {
          unsubscribe();
          slot.release();
        },
      });
      const gate = new AccessGate(isStillAllowed, () => stream.close());
      const forward = (message: LiveMessage, id: string | undefined) => {
        if (message.kind === 'access.revoked') {
          if (message.userId === actor.id) gate.recheck();
          return;
        }
        if (!mayHear(actor, message)) return;
        gate.pass(() => sendLiveEvent(stream, presentLiveEvent(message), id));
      };
      // Subscribed before the stream opens, so a client already gone (open() then closes at once) unsubscribes too.
      // From here to the replay below nothing waits: no event can fall between what is replayed and what is heard.
      unsubscribe = ctx.live.subscribe(forward);
      slot.track(stream);
      stream.open(ctx.live.position());
      if (typeof lastEventId === 'string' && lastEventId !== '') {
        // A reconnect: what this instance kept since that id, with the same checks as live; or, when it is
        // not kept (too old, another process's, a gap since, garbled), `resync`: fetch everything again.
        const missed = ctx.live.since(lastEventId);
        if (missed) for (const { id, event } of missed) forward(event, id);
        else sendLiveEvent(stream, { name: 'resync', data: {} }, ctx.live.position());
      }
      for (const present of ctx.live.presence.current()) sendLiveEvent(stream, presentLiveEvent(present));
      return reply;
    },
  );
};

/** Whether this staff member's stream is told of `message`: notes by the comment policy, notifications only to their owner. */
function mayHear(actor: Actor, message: LiveMessage): boolean {
  if (message.kind === 'comment.added') return mayReadComment(actor, { isInternal: message.isNote });
  // Someone's notification list is theirs alone.
  if (message.kind === 'notification.added' || message.kind === 'notifications.read') return message.userId === actor.id;
  return true;
}

/** Writes one event as the contract's LiveEvent: its name and its data, in the shape LIVE_EVENT_DATA gives that name. */
function sendLiveEvent(stream: EventStream, event: LiveEventMessage, id?: string): void {
  stream.send(event.name, event.data, id);
}

/** The event as the stream sends it: ids and the version, in the API's snake_case words. */
function presentLiveEvent(message: Exclude<LiveMessage, { kind: 'access.revoked' }>): LiveEventMessage {
  switch (message.kind) {
    case 'ticket.created':
      return { name: message.kind, data: { ticket: message.ticketId, version: message.version, by: message.by } };
    case 'ticket.updated':
      return { name: message.kind, data: { ticket: message.ticketId, version: message.version, fields: message.fields, by: message.by } };
    case 'comment.added': {
      const { ticketId: ticket, version, commentId: comment, isNote: internal, by, fields } = message;
      return { name: message.kind, data: { ticket, version, comment, internal, by, ...(fields && { fields }) } };
    }
    case 'ticket.sla':
      return {
        name: message.kind,
        data: { ticket: message.ticketId, version: message.version, metric: message.metric, event: message.event },
      };
    case 'presence':
      return { name: message.kind, data: { ticket: message.ticketId, user: message.user, state: message.state } };
    case 'notification.added':
      return { name: message.kind, data: { ticket: message.ticketId, notification: message.notificationId } };
    case 'notifications.read':
      return { name: message.kind, data: { ticket: message.ticketId } };
    case 'tag.changed':
      return { name: message.kind, data: { tag: message.tagId, change: message.change, by: message.by } };
    case 'resync':
      return { name: message.kind, data: {} };
  }
}

/**
 * Whether the stream's caller may still listen, asked at each heartbeat: a session ended or a token
 * revoked, or an account disabled or no longer staff, ends the stream within one heartbeat.
 */
async function isStillStaff(db: RouteServices['ctx']['db'], request: FastifyRequest): Promise<boolean> {
  if (request.sessionToken) {
    const user = await findSessionUser(db, request.sessionToken);
    return user !== null && isStaff({ id: user.id, role: user.role });
  }
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token) return false;
  return isStaff(await findActorByToken(db, token));
}
