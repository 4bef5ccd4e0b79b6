import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NOTIFICATIONS_PER_PAGE } from '../../../../common/limits.js';
import { countUnreadNotifications, listNotifications } from '../../../domain/notifications/list-notifications.js';
import { markNotificationsRead } from '../../../domain/notifications/mark-notifications-read.js';
import {
  defaultMailPreferences,
  getNotificationPreferences,
  setNotificationPreferences,
} from '../../../domain/notifications/notification-preferences.js';
import { getCoreSettings } from '../../../settings/core-settings.js';
import { requireStaff } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { problemResponses } from '../shared.schema.js';
import {
  MarkedRead,
  MarkReadBody,
  NotificationsPage,
  NotificationsQuery,
  PreferencesPatch,
  PreferencesReply,
  UnreadCount,
} from './notifications.schema.js';

const tags = ['notifications'];

/**
 * An agent's own notifications (the bell): the list, the unread count, marking read; and their choice of
 * which events reach them by mail. Each caller sees and changes only their own.
 */
export const notificationsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get(
    '/notifications/',
    {
      schema: {
        summary: 'Your notifications, newest first, and how many are unread (agents and admins)',
        tags,
        querystring: NotificationsQuery,
        response: { 200: NotificationsPage, ...problemResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const actor = requireStaff(request);
      const page = request.query.page ?? 1;
      const perPage = request.query.per_page ?? NOTIFICATIONS_PER_PAGE;
      const found = await listNotifications(ctx.db, actor.id, { page, perPage, unreadOnly: request.query.unread === true });
      reply.header('cache-control', 'no-store');
      return {
        notifications: found.notifications.map((n) => ({
          id: n.id,
          kind: n.kind,
          ticket: n.ticket,
          comment: n.commentId,
          created: n.createdAt,
          read: n.readAt,
        })),
        total: found.total,
        unread: found.unread,
        page,
        per_page: perPage,
      };
    },
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        summary: 'How many of your notifications are unread (agents and admins)',
        tags,
        response: { 200: UnreadCount, ...problemResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const actor = requireStaff(request);
      reply.header('cache-control', 'no-store');
      return { unread: await countUnreadNotifications(ctx.db, actor.id) };
    },
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        summary: 'Mark some of your notifications read (`ids`), or all of them (`all: true`)',
        tags,
        body: MarkReadBody,
        response: { 200: MarkedRead, ...problemResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = requireStaff(request);
      const { ids, all } = request.body;
      const marked = await markNotificationsRead(ctx, actor.id, all ? 'all' : { ids: ids ?? [] });
      return { marked, unread: await countUnreadNotifications(ctx.db, actor.id) };
    },
  );

  const preferences = async (userId: number) => {
    const defaults = defaultMailPreferences(await getCoreSettings(ctx));
    const { mail, chosen } = await getNotificationPreferences(ctx.db, userId, defaults);
    return { mail, chosen, defaults };
  };

  app.get(
    '/users/me/notification-preferences',
    {
      schema: {
        summary: 'Which events reach you by mail: your choices over the admin’s defaults (agents and admins)',
        tags,
        response: { 200: PreferencesReply, ...problemResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const actor = requireStaff(request);
      reply.header('cache-control', 'no-store');
      return preferences(actor.id);
    },
  );

  app.patch(
    '/users/me/notification-preferences',
    {
      schema: {
        summary: 'Choose which events reach you by mail; null follows the default again (agents and admins)',
        tags,
        body: PreferencesPatch,
        response: { 200: PreferencesReply, ...problemResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = requireStaff(request);
      await setNotificationPreferences(ctx.db, actor.id, request.body.mail);
      return preferences(actor.id);
    },
  );
};
