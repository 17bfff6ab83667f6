import { defineApi, get, post } from '../http/contract.js';
import type { Page } from '../http/paging.js';
import { notificationsQuerySchema, type Notification } from './types.js';

/** The signed-in user's notifications, as the web calls them. */
export const notificationsApi = defineApi('notifications', {
  list: get('/api/notifications', { query: notificationsQuerySchema }).returns<Page<Notification>>(),
  unreadCount: get('/api/notifications/unread-count').returns<{ count: number }>(),
  markRead: post('/api/notifications/:id/read').returns(),
  markAllRead: post('/api/notifications/read-all').returns<{ count: number }>(),
});
