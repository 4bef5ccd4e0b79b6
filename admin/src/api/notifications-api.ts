import type { MessageKey } from '../../../common/i18n/message-keys.js';
import { api, type RequestOf, type ResponseOf } from './api.js';

export type NotificationsPage = ResponseOf<'listNotifications'>;
export type NotificationLine = NotificationsPage['notifications'][number];
export type NotificationKind = NotificationLine['kind'];
export type NotificationPreferences = ResponseOf<'getNotificationPreferences'>;
export type MailChoices = NotificationPreferences['mail'];

/** The events in plain words (catalogue keys): what a line of the list says, and what a preference is about. */
export const KIND_WORDS: Record<NotificationKind, { line: MessageKey; preference: MessageKey }> = {
  ticket_created: { line: 'admin.notifications.kind.ticketCreated', preference: 'notifications.pref.ticketCreated' },
  client_replied: { line: 'admin.notifications.kind.clientReplied', preference: 'notifications.pref.clientReplied' },
  ticket_assigned: { line: 'admin.notifications.kind.ticketAssigned', preference: 'notifications.pref.ticketAssigned' },
  rating_received: { line: 'admin.notifications.kind.ratingReceived', preference: 'notifications.pref.ratingReceived' },
  sla_warning: { line: 'admin.notifications.kind.slaWarning', preference: 'notifications.pref.slaWarning' },
  sla_breached: { line: 'admin.notifications.kind.slaBreached', preference: 'notifications.pref.slaBreached' },
};

export const loadNotifications = (page = 1) => api<NotificationsPage>('GET', `/notifications/?page=${page}&per_page=10`);
export const loadUnreadCount = () => api<ResponseOf<'countUnreadNotifications'>>('GET', '/notifications/unread-count');
export const markRead = (which: RequestOf<'markNotificationsRead'>) =>
  api<ResponseOf<'markNotificationsRead'>>('POST', '/notifications/read', which);
export const loadPreferences = () => api<NotificationPreferences>('GET', '/users/me/notification-preferences');
export const savePreferences = (mail: RequestOf<'updateNotificationPreferences'>['mail']) =>
  api<NotificationPreferences>('PATCH', '/users/me/notification-preferences', { mail });
export const loadSatisfaction = () => api<ResponseOf<'getSatisfaction'>>('GET', '/ratings/summary');
