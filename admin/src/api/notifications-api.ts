import { api, type RequestOf, type ResponseOf } from './api.js';

export type NotificationsPage = ResponseOf<'listNotifications'>;
export type NotificationLine = NotificationsPage['notifications'][number];
export type NotificationKind = NotificationLine['kind'];
export type NotificationPreferences = ResponseOf<'getNotificationPreferences'>;
export type MailChoices = NotificationPreferences['mail'];

/** The events in plain words: what a line of the list says, and what a preference is about. */
export const KIND_WORDS: Record<NotificationKind, { line: string; preference: string }> = {
  ticket_created: { line: 'New ticket', preference: 'Each new ticket' },
  client_replied: { line: 'The client replied', preference: 'A client replies on a ticket of mine (or on an unassigned one)' },
  ticket_assigned: { line: 'Assigned to you', preference: 'Someone assigns me a ticket' },
  rating_received: {
    line: 'The client answered “Did this solve it?”',
    preference: 'A client answers “Did this solve it?” on a ticket of mine',
  },
};

export const loadNotifications = (page = 1) => api<NotificationsPage>('GET', `/notifications/?page=${page}&per_page=10`);
export const loadUnreadCount = () => api<ResponseOf<'countUnreadNotifications'>>('GET', '/notifications/unread-count');
export const markRead = (which: RequestOf<'markNotificationsRead'>) =>
  api<ResponseOf<'markNotificationsRead'>>('POST', '/notifications/read', which);
export const loadPreferences = () => api<NotificationPreferences>('GET', '/users/me/notification-preferences');
export const savePreferences = (mail: RequestOf<'updateNotificationPreferences'>['mail']) =>
  api<NotificationPreferences>('PATCH', '/users/me/notification-preferences', { mail });
export const loadSatisfaction = () => api<ResponseOf<'getSatisfaction'>>('GET', '/ratings/summary');
