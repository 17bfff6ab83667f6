export { AlertsList } from './alerts-list';
export { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications, useUnreadNotifications } from './api';
