import { z } from 'zod';
import { optionalEmail, optionalText, requiredText, text } from '../common/fields.js';
import { defaultDeskingSettings, deskingSettingsSchema } from '../desking/settings.js';
import { sharedAreas } from '../areas.js';

type Areas = typeof sharedAreas;
type Declared = { [K in keyof Areas]: Areas[K] extends { notifications: infer N } ? N : never }[keyof Areas];
type KeysOf<T> = T extends unknown ? keyof T & string : never;

/** Events whose notifications the settings page routes, and to whom each may go: as the areas declare them. */
export type NotificationEvent = KeysOf<Declared>;
const declaredNotifications = Object.values(sharedAreas).flatMap((area) =>
  'notifications' in area
    ? (Object.entries(area.notifications) as [NotificationEvent, { label: string; audiences: readonly Audience[] }][])
    : [],
);
export const notificationEvents: readonly NotificationEvent[] = declaredNotifications.map(([event]) => event);
export const notificationEventLabels = Object.fromEntries(
  declaredNotifications.map(([event, { label }]) => [event, label]),
) as Record<NotificationEvent, string>;
export const audiences = ['owner', 'editors', 'admins'] as const;
export type Audience = (typeof audiences)[number];
/** 'owner' is the person the event is about: the record's agent, the person mentioned, the admin who invited. */
export const audienceLabels: Record<Audience, string> = {
  owner: 'The person concerned',
  editors: 'Editors',
  admins: 'Admins',
};

export const commissionBases = ['broker_fee', 'sale_price'] as const;
export type CommissionBasis = (typeof commissionBases)[number];
export const commissionBasisLabels: Record<CommissionBasis, string> = { broker_fee: 'Broker fee', sale_price: 'Sale price' };

export const twoFactorRules = ['admins', 'everyone'] as const;

/**
 * Whose vehicles an agent sees (Settings → Team): their own, as the spec has it, or the whole dealership's, which every
 * staff member may then find and sell. Editing a vehicle stays with its owner, editors and admins either way.
 */
export const inventoryScopes = ['own', 'dealership'] as const;
export type InventoryScope = (typeof inventoryScopes)[number];
export const inventoryScopeLabels: Record<InventoryScope, string> = {
  own: "Each agent's own vehicles",
  dealership: 'The whole dealership',
};
export type TwoFactorRule = (typeof twoFactorRules)[number];

export const COMMISSION_RATE_MESSAGE = 'Commission rate must be between 0 and 100';
/** A commission rate in percent, 0 to 100, to the hundredth (numeric(5, 2) in the database). */
export const commissionRate = z
  .number({ error: COMMISSION_RATE_MESSAGE })
  .min(0, COMMISSION_RATE_MESSAGE)
  .max(100, COMMISSION_RATE_MESSAGE)
  .multipleOf(0.01, 'At most two decimals');

/** An IANA time zone this runtime knows ('America/Chicago'). */
export const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.includes('/') || value === 'UTC';
  } catch {
    return false;
  }
};

/** The most delivery follow-ups one completed deal gets. */
export const MAX_DELIVERY_FOLLOW_UPS = 10;

const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const DELIVERY_DAYS_MESSAGE = 'Delivery follow-ups must be whole days between 1 and 365';
export const DELIVERY_DAYS_COUNT_MESSAGE = `Give between 1 and ${MAX_DELIVERY_FOLLOW_UPS} delivery follow-up days`;

const isDeliveryDay = (day: unknown): day is number => Number.isInteger(day) && Number(day) >= 1 && Number(day) <= 365;

/** The days after a completed deal on which its agent follows up, each once, in order ([3, 30]). */
export const deliveryFollowUpDays = z
  .array(z.unknown(), { error: DELIVERY_DAYS_MESSAGE })
  // Checked on the list, so the message is the field's, whichever day is wrong.
  .refine((days) => days.every(isDeliveryDay), DELIVERY_DAYS_MESSAGE)
  .transform((days) => [...new Set(days.filter(isDeliveryDay))].sort((a, b) => a - b))
  .pipe(z.array(z.number()).min(1, DELIVERY_DAYS_COUNT_MESSAGE).max(MAX_DELIVERY_FOLLOW_UPS, DELIVERY_DAYS_COUNT_MESSAGE));

export const settingsSchema = z.object({
  company: z.object({
    name: requiredText(120, 'Company name is required'),
    address: optionalText(300),
    phone: optionalText(40),
    /** Printed where the dealership is named: the Buyers Guide, the window sticker, the public vehicle pages. */
    email: optionalEmail(),
    /** The brokerage's time zone: quiet hours for customers whose own is unknown. */
    time_zone: text(64).refine(isTimeZone, 'Choose a time zone'),
  }),
  notifications: z.record(z.enum(notificationEvents), z.array(z.enum(audiences)).max(audiences.length)),
  team: z.object({ inventory: z.enum(inventoryScopes) }),
  security: z.object({
    session_hours: wholeNumber(1, 720, 'Session length must be between 1 and 720 hours'),
    two_factor: z.enum(twoFactorRules),
  }),
  crm: z.object({
    default_commission_rate: commissionRate,
    commission_basis: z.enum(commissionBases),
    pipeline_stages: z
      .array(requiredText(40, 'A stage needs a name'))
      .min(1, 'Keep at least one pipeline stage')
      .max(20, 'At most 20 pipeline stages'),
    follow_up_days: wholeNumber(1, 365, 'Follow-up reminder must be between 1 and 365 days'),
    /** A new lead without a first answer after this long is reported to the admins. */
    lead_answer_minutes: wholeNumber(1, 1440, 'Lead answer time must be between 1 and 1440 minutes'),
    /** The rules that add tasks by themselves (the tasks area's README): each on unless an admin turns it off. */
    follow_up_rule: z.boolean({ error: 'Follow-up tasks must be on or off' }),
    first_response_rule: z.boolean({ error: 'First-response tasks must be on or off' }),
    delivery_rule: z.boolean({ error: 'Delivery follow-up tasks must be on or off' }),
    delivery_follow_up_days: deliveryFollowUpDays,
    /** The customer is reminded of an appointment this long before it (e-mail and text, with consent); 0 is never. */
    appointment_reminder_hours: wholeNumber(0, 168, 'Appointment reminder must be between 0 and 168 hours'),
    /** A task or appointment with a time reaches its assignee this long before it; 0 is never. */
    task_reminder_minutes: wholeNumber(0, 1440, 'Task reminder must be between 0 and 1440 minutes'),
  }),
  desking: deskingSettingsSchema,
  backup: z.object({
    daily_time: text(5).pipe(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM')),
    retention_years: wholeNumber(1, 50, 'Retention must be between 1 and 50 years'),
  }),
});
export type Settings = z.infer<typeof settingsSchema>;
export type SettingsSection = keyof Settings;

/** The spec's settings placeholders, as the defaults of a new installation and of 'Reset to Defaults'. */
export const defaultSettings: Settings = {
  company: { name: 'Torque Auto Brokerage', address: null, phone: null, email: null, time_zone: 'America/Chicago' },
  notifications: Object.fromEntries(declaredNotifications.map(([event, { audiences }]) => [event, [...audiences]])) as Record<
    NotificationEvent,
    Audience[]
  >,
  team: { inventory: 'own' },
  security: { session_hours: 8, two_factor: 'admins' },
  crm: {
    default_commission_rate: 2.5,
    commission_basis: 'broker_fee',
    pipeline_stages: ['Lead', 'Qualified', 'Test Drive', 'Negotiation', 'Closed'],
    follow_up_days: 3,
    lead_answer_minutes: 15,
    follow_up_rule: true,
    first_response_rule: true,
    delivery_rule: true,
    delivery_follow_up_days: [3, 30],
    appointment_reminder_hours: 24,
    task_reminder_minutes: 15,
  },
  desking: defaultDeskingSettings,
  backup: { daily_time: '02:00', retention_years: 7 },
};
