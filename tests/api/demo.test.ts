import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/server/db/demo-seed.js';
import { createTestContext, cookieHeader, TEST_SECRET, type TestContext } from '../helpers/app.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ DEMO: '1' });
  expect(await seedDemo(t.database.db, TEST_SECRET)).toBe(true);
});
afterAll(() => t.close());

async function demoSignIn(role: 'admin' | 'agent') {
  const response = await t.call({ method: 'POST', url: '/api/session/demo', payload: { role } });
  expect(response.statusCode).toBe(200);
  return { session: response.json(), cookie: cookieHeader(response.headers['set-cookie']) };
}

describe('demo mode', () => {
  it('says so to the sign-in page', async () => {
    expect((await t.call({ method: 'GET', url: '/api/config' })).json()).toEqual({ demo: true });
  });

  it('signs in the demo admin and the demo agent without a password from the browser', async () => {
    expect((await demoSignIn('admin')).session.user).toMatchObject({ email: 'admin@torque.demo', role: 'admin' });
    expect((await demoSignIn('agent')).session.user).toMatchObject({ email: 'emma.carter@torque.demo', role: 'agent' });
  });

  it('does not accept a guessed password for the demo accounts', async () => {
    const response = await t.call({ method: 'POST', url: '/api/session', payload: { email: 'admin@torque.demo', password: 'demo1234' } });
    expect(response.statusCode).toBe(401);
  });

  it('seeds a book of business: at least three agents, with customers, vehicles and deals over two years', async () => {
    const agents = await t.database.db.selectFrom('users').select('id').where('role', '=', 'agent').execute();
    expect(agents.length).toBeGreaterThanOrEqual(3);
    const dates = await t.database.db.selectFrom('deals').select('date').distinct().execute();
    const distinctYears = new Set(dates.map((r) => r.date.slice(0, 4)));
    expect(distinctYears).toEqual(new Set([String(new Date().getFullYear() - 1), String(new Date().getFullYear())]));
    const { cookie } = await demoSignIn('agent');
    const mine = await t.call({ method: 'GET', url: '/api/customers/summary', as: cookie });
    const all = await t.call({ method: 'GET', url: '/api/customers/summary', as: (await demoSignIn('admin')).cookie });
    expect(mine.json().total).toBeGreaterThan(0);
    expect(mine.json().total).toBeLessThan(all.json().total);
  });

  it('starts every seeded record with a created entry in its timeline', async () => {
    const customers = await t.database.db.selectFrom('customers').select('id').execute();
    const created = await t.database.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('entity_type', '=', 'customer')
      .where('action', '=', 'created')
      .execute();
    expect(new Set(created.map((r) => r.entity_id))).toEqual(new Set(customers.map((r) => r.id)));
  });

  it('seeds only once', async () => {
    expect(await seedDemo(t.database.db, TEST_SECRET)).toBe(false);
  });
});
