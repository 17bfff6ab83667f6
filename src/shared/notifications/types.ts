import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../http/paging.js';
import { notificationEvents } from '../settings/schemas.js';

/** What a notification is about: an event the settings' Notification Settings route, or a general one. */
export const notificationKinds = ['general', ...notificationEvents] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationPageSchema = pageSchema(notificationSchema);

/** `?unread=true` lists only the unread ones; newest first, paged. */
export const notificationsQuerySchema = pageQuerySchema.extend({
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type NotificationsQuery = z.output<typeof notificationsQuerySchema>;
