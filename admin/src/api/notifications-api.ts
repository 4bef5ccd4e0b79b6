import { api } from './api.js';

export type NotificationKind = 'ticket_created' | 'client_replied' | 'ticket_assigned' | 'rating_received';

export interface NotificationLine {
  id: number;
  kind: NotificationKind;
  ticket: { id: number; number: number | null; title: string };
  comment: number | null;
  created: string;
  read: string | null;
}

export interface NotificationsPage {
  notifications: NotificationLine[];
  total: number;
  unread: number;
  page: number;
  per_page: number;
}

export type MailChoices = Record<NotificationKind, boolean>;

export interface NotificationPreferences {
  mail: MailChoices;
  chosen: NotificationKind[];
  defaults: MailChoices;
}

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
export const loadUnreadCount = () => api<{ unread: number }>('GET', '/notifications/unread-count');
export const markRead = (which: { ids: number[] } | { all: true }) =>
  api<{ marked: number; unread: number }>('POST', '/notifications/read', which);
export const loadPreferences = () => api<NotificationPreferences>('GET', '/users/me/notification-preferences');
export const savePreferences = (mail: Partial<Record<NotificationKind, boolean | null>>) =>
  api<NotificationPreferences>('PATCH', '/users/me/notification-preferences', { mail });
export const loadSatisfaction = () => api<{ days: number; yes: number; no: number; percent_yes: number | null }>('GET', '/ratings/summary');
