import type { Kysely } from 'kysely';
import { defaultSettings, settingsSchema, type Settings, type SettingsSection } from '../../shared/settings/schemas.js';
import type { Actor } from '../auth/actor.js';
import type { DB } from '../db/schema.js';
import { requireRole } from '../auth/scope.js';
import { recordAudit } from './audit.js';
import { readCacheOf } from '../db/read-cache.js';

const sections = Object.keys(defaultSettings) as SettingsSection[];
/** The audit log's entity id for the installation's settings (the nil UUID: there is one set). */
export const SETTINGS_ENTITY_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The settings in force: each section as saved, or its default. A setting added by a later release reads as its
 * default beside the saved ones; a saved section that no longer fits the schema (an older release's shape) falls back
 * to its default rather than failing every reader.
 */
export async function getSettings(db: Kysely<DB>): Promise<Settings> {
  const kept = readCacheOf<'settings', Settings>(db, SETTINGS_READ);
  return kept ? kept.read('settings', () => readSettings(db)) : readSettings(db);
}

/** Settings are read by most requests and written by an admin now and then: each process keeps its read (read-cache.ts). */
const SETTINGS_READ = { tables: ['settings'] };

async function readSettings(db: Kysely<DB>): Promise<Settings> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', sections).execute();
  const saved = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  const settings = { ...defaultSettings };
  for (const section of sections) {
    const stored = saved[section];
    const merged = isPlainObject(stored) ? { ...defaultSettings[section], ...stored } : stored;
    const parsed = settingsSchema.shape[section].safeParse(merged);
    if (parsed.success) Object.assign(settings, { [section]: parsed.data });
  }
  // Shared by every request that reads them until the next change: frozen, so none can change another's.
  return deepFreeze(settings);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One section of the settings in force. */
export async function getSetting<S extends SettingsSection>(db: Kysely<DB>, section: S): Promise<Settings[S]> {
  return (await getSettings(db))[section];
}

/** The dealership as documents and public pages name it (the Buyers Guide, the window sticker, the feeds): Settings → Company. */
export async function dealerOf(db: Kysely<DB>) {
  const { name, address, phone, email } = await getSetting(db, 'company');
  return { name, address, phone, email };
}

/** Saves every section that changed, each change audited with its before and after; admins only. */
export async function saveSettings(db: Kysely<DB>, actor: Actor, input: Settings): Promise<Settings> {
  requireRole(actor, 'admin');
  await db.transaction().execute(async (tx) => {
    const before = await getSettings(tx);
    for (const section of sections) {
      if (JSON.stringify(before[section]) === JSON.stringify(input[section])) continue;
      await tx
        .insertInto('settings')
        .values({ key: section, value: JSON.stringify(input[section]), updated_by: actor.userId })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet({ value: JSON.stringify(input[section]), updated_by: actor.userId, updated_at: new Date() }),
        )
        .execute();
      await recordAudit(tx, actor, {
        entityType: 'settings',
        entityId: SETTINGS_ENTITY_ID,
        action: `updated.${section}`,
        changes: { from: before[section], to: input[section] },
      });
    }
  });
  return getSettings(db);
}

/** The foot of every e-mail Torque sends: the company's name, postal address and phone from the settings. */
export function mailFooter(company: Settings['company']): string {
  return ['--', company.name, company.address, company.phone].filter(Boolean).join('\n');
}
