import { defineArea } from '../../platform/area.js';
import { personal } from '../../platform/export-rules.js';
import { notificationsRoutes } from './routes.js';
import { deliverNotifications } from '../../platform/notifications.js';

export const notificationsArea = defineArea({
  name: 'notifications',
  routes: notificationsRoutes,
  realtime: ({ database: { db } }) => ({
    notification: (data, connected) => deliverNotifications(db, data, connected),
    notifications_read: async (data) => [{ userIds: [String(data.userId)], message: { type: 'notifications' } }],
  }),
  exportTables: { notifications: { scope: personal('user_id') } },
});
