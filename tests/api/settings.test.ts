import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRID_SIZE_MESSAGE } from '../../src/shared/desking/settings.js';
import { MONEY_FACTOR_LOOKS_LIKE_APR } from '../../src/shared/desking/worksheet.js';
import { defaultSettings, type Settings } from '../../src/shared/settings/schemas.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';

const { desking } = defaultSettings;
/** A city's rate an admin adds to Texas's. */
const austin = { state: 'TX', name: 'Austin', rate_percent: 2 };

let t: TestContext;
let admin: TestUser;
let editor: TestUser;
let agent: TestUser;

const read = async (as: TestUser = agent) => (await t.call({ method: 'GET', url: '/api/settings', as })).json() as Settings;
const save = (payload: object, as: TestUser = admin) => t.call({ method: 'PUT', url: '/api/settings', as, payload });

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.createUser('admin', 'Alex Admin');
  editor = await t.createUser('editor', 'Eddie Editor');
  agent = await t.createUser('agent', 'Emma Carter');
});
afterAll(() => t.close());

describe('settings', () => {
  it("start with the spec's placeholders as defaults", async () => {
    const settings = await read();
    expect(settings).toEqual(defaultSettings);
    expect(settings.security.session_hours).toBe(8);
    expect(settings.crm).toMatchObject({ default_commission_rate: 2.5, follow_up_days: 3 });
    expect(settings.crm.pipeline_stages).toEqual(['Lead', 'Qualified', 'Test Drive', 'Negotiation', 'Closed']);
    expect(settings.backup).toEqual({ daily_time: '02:00', retention_years: 7 });
  });

  it('round-trip, and each changed section is audited with before and after', async () => {
    const changed: Settings = {
      ...defaultSettings,
      company: {
        name: 'Lone Star Motors',
        address: '100 Congress Ave, Austin, TX 78701',
        phone: '(512) 555-0100',
        email: 'sales@lonestarmotors.example',
        time_zone: 'America/Denver',
      },
      crm: { ...defaultSettings.crm, default_commission_rate: 3.25, pipeline_stages: ['Lead', 'Closed'] },
    };
    const response = await save(changed);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(changed);
    expect(await read(editor)).toEqual(changed);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'changes', 'actor_id'])
      .where('entity_type', '=', 'settings')
      .orderBy('action')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['updated.company', 'updated.crm']);
    expect(audit[1]).toMatchObject({
      actor_id: admin.id,
      changes: { from: defaultSettings.crm, to: changed.crm },
    });
    await save(defaultSettings);
  });

  it('are changed by admins only', async () => {
    for (const user of [editor, agent]) {
      const response = await save({ ...defaultSettings, company: { ...defaultSettings.company, name: 'Nope' } }, user);
      expect(response.statusCode).toBe(403);
    }
    expect((await read()).company.name).toBe(defaultSettings.company.name);
  });

  it('refuse bad values with a clear message and store nothing', async () => {
    const cases: [Partial<Settings>, string, string][] = [
      [
        { company: { name: ' ', address: null, phone: null, email: null, time_zone: 'America/Chicago' } },
        'company.name',
        'Company name is required',
      ],
      [
        { company: { name: 'Torque', address: null, phone: null, email: null, time_zone: 'Mars/Olympus' } },
        'company.time_zone',
        'Choose a time zone',
      ],
      [
        { security: { session_hours: 0, two_factor: 'admins' } },
        'security.session_hours',
        'Session length must be between 1 and 720 hours',
      ],
      [
        { crm: { ...defaultSettings.crm, default_commission_rate: 100.5 } },
        'crm.default_commission_rate',
        'Commission rate must be between 0 and 100',
      ],
      [{ crm: { ...defaultSettings.crm, pipeline_stages: [] } }, 'crm.pipeline_stages', 'Keep at least one pipeline stage'],
      [
        { crm: { ...defaultSettings.crm, follow_up_days: 1.5 } },
        'crm.follow_up_days',
        'Follow-up reminder must be between 1 and 365 days',
      ],
      [{ backup: { daily_time: '24:00', retention_years: 7 } }, 'backup.daily_time', 'Enter a time as HH:MM'],
      ...[[0], [3, 1.5], [400], 'x', ['3']].map((days): [Partial<Settings>, string, string] => [
        { crm: { ...defaultSettings.crm, delivery_follow_up_days: days as number[] } },
        'crm.delivery_follow_up_days',
        'Delivery follow-ups must be whole days between 1 and 365',
      ]),
      ...[[], Array.from({ length: 11 }, (_, i) => i + 1)].map((days): [Partial<Settings>, string, string] => [
        { crm: { ...defaultSettings.crm, delivery_follow_up_days: days } },
        'crm.delivery_follow_up_days',
        'Give between 1 and 10 delivery follow-up days',
      ]),
      [
        { crm: { ...defaultSettings.crm, follow_up_rule: 'yes' as unknown as boolean } },
        'crm.follow_up_rule',
        'Follow-up tasks must be on or off',
      ],
      [
        { desking: { ...desking, default_state: 'PR' } },
        'desking.default_state',
        'Choose one of the 50 states or the District of Columbia',
      ],
      [
        { desking: { ...desking, local_rates: [austin, { ...austin, rate_percent: 1 }] } },
        'desking.local_rates',
        'Each county or city once per state',
      ],
      [
        { desking: { ...desking, local_rates: [{ ...austin, state: 'Texas' }] } },
        'desking.local_rates.0.state',
        'Enter the state as its two-letter code, such as TX',
      ],
      [
        { desking: { ...desking, local_rates: [{ ...austin, rate_percent: 2.0625 }] } },
        'desking.local_rates.0.rate_percent',
        'Tax rates have at most 3 decimals',
      ],
      [
        { desking: { ...desking, lease: { ...desking.lease, money_factor: 3.5 } } },
        'desking.lease.money_factor',
        MONEY_FACTOR_LOOKS_LIKE_APR,
      ],
      [{ desking: { ...desking, grid_terms: [36, 48] } }, 'desking.grid_terms', GRID_SIZE_MESSAGE],
    ];
    for (const [change, field, message] of cases) {
      const response = await save({ ...defaultSettings, ...change });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error.fields[field], field).toBe(message);
    }
    expect(await t.database.db.selectFrom('settings').select('key').where('value', 'is not', null).execute()).toHaveLength(
      // Saved by the round-trip test and then saved back to the defaults: the rows stay, with default values.
      2,
    );
    expect(await read()).toEqual(defaultSettings);
  });
});

describe('the follow-up rules', () => {
  it('are on by default, and the delivery days are kept once each, in order', async () => {
    expect((await read()).crm).toMatchObject({
      follow_up_rule: true,
      first_response_rule: true,
      delivery_rule: true,
      delivery_follow_up_days: [3, 30],
    });
    const response = await save({ ...defaultSettings, crm: { ...defaultSettings.crm, delivery_follow_up_days: [30, 7, 3, 7] } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().crm.delivery_follow_up_days).toEqual([3, 7, 30]);
    await save(defaultSettings);
  });

  it('read as their defaults beside a CRM section an earlier release saved', async () => {
    const {
      follow_up_rule: _a,
      first_response_rule: _b,
      delivery_rule: _c,
      delivery_follow_up_days: _d,
      ...earlier
    } = {
      ...defaultSettings.crm,
      follow_up_days: 5,
    };
    await t.database.db
      .updateTable('settings')
      .set({ value: JSON.stringify(earlier) })
      .where('key', '=', 'crm')
      .execute();
    expect((await read()).crm).toEqual({ ...defaultSettings.crm, follow_up_days: 5 });
    await save(defaultSettings);
  });
});

describe('the session length setting', () => {
  const sessionOf = (userId: string) =>
    t.database.db
      .selectFrom('sessions')
      .select(['expires_at', 'lifetime_seconds'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();

  it('gives the next session its length; sessions already open keep theirs', async () => {
    const before = await t.createUser('agent', 'Early Bird');
    expect((await sessionOf(before.id)).lifetime_seconds).toBe(8 * 3600);

    expect((await save({ ...defaultSettings, security: { session_hours: 2, two_factor: 'admins' } })).statusCode).toBe(200);
    const after = await t.createUser('agent', 'Late Comer');
    const session = await sessionOf(after.id);
    expect(session.lifetime_seconds).toBe(2 * 3600);
    const hours = (session.expires_at.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.99);
    expect(hours).toBeLessThanOrEqual(2);
    expect((await sessionOf(before.id)).lifetime_seconds).toBe(8 * 3600);

    // Renewed while in use, to its own two hours.
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + 30 * 60 * 1000) })
      .where('user_id', '=', after.id)
      .execute();
    expect((await t.call({ method: 'GET', url: '/api/customers', as: after })).statusCode).toBe(200);
    const renewed = (await sessionOf(after.id)).expires_at.getTime() - Date.now();
    expect(renewed / 3_600_000).toBeGreaterThan(1.99);
    expect(renewed / 3_600_000).toBeLessThanOrEqual(2);
    await save(defaultSettings);
  });
});
