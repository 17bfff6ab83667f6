import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { FailingQueries } from '../helpers/failing-queries.js';

let t: TestContext;
let agent: TestUser;
let other: TestUser;
let baseUrl: string;
const failing = new FailingQueries();

const thisYear = new Date().getUTCFullYear();

beforeAll(async () => {
  t = await createTestContext({}, { wrapDatabase: failing.wrap });
  agent = await t.createUser('agent', 'Ezra Export');
  other = await t.createUser('agent', 'Olive Other');
  // Enough rows for several export batches and more bytes than a socket buffers.
  for (const owner of [agent, other]) {
    await t.database.pool.query(
      `INSERT INTO vehicles (user_id, make, model, year, price_cents, notes)
       SELECT $1, 'BMW', 'X5', $2, 5000000, repeat('x', 4000) FROM generate_series(1, 2500)`,
      [owner.id, thisYear],
    );
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** Starts a download and reads nothing, so it stays open until `stop` is called. */
function openDownload(
  path: string,
  as: TestUser,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; stop: () => void }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}${path}`, { headers: { cookie: as.cookie } }, (response) => {
      response.pause();
      resolve({ status: response.statusCode!, headers: response.headers, stop: () => request.destroy() });
    });
    request.on('error', reject);
  });
}

describe('a failed export', () => {
  it('cuts the download off instead of ending it as if complete', async () => {
    // The first page of vehicles streams, then the database fails on the next one.
    failing.failOn('vehicles', 2);
    const response = await fetch(`${baseUrl}/api/vehicles/export.csv`, { headers: { cookie: agent.cookie } });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });

  it('does the same for the customer export', async () => {
    await t.database.pool.query(
      `INSERT INTO customers (user_id, name) SELECT $1, 'Carla Customer' FROM generate_series(1, 5500)`,
      [agent.id],
    );
    failing.failOn('customers', 2);
    const response = await fetch(`${baseUrl}/api/customers/export.csv`, { headers: { cookie: agent.cookie } });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });

  it('answers 500 when the database fails before anything was sent', async () => {
    failing.failOn('vehicles', 1);
    const response = await fetch(`${baseUrl}/api/vehicles/export.csv`, { headers: { cookie: agent.cookie } });
    expect(response.status).toBe(500);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('INTERNAL');
  });

  it('leaves a complete export whole', async () => {
    const response = await fetch(`${baseUrl}/api/vehicles/export.csv`, { headers: { cookie: agent.cookie } });
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines).toHaveLength(2501);
  });
});

describe('exports running at once', () => {
  it('lets a user run two, refuses a third with 429 and Retry-After, and frees a slot when one ends', async () => {
    const first = await openDownload('/api/vehicles/export.csv', agent);
    const second = await openDownload('/api/vehicles/export.csv?sort=oldest', agent);
    expect([first.status, second.status]).toEqual([200, 200]);

    const third = await fetch(`${baseUrl}/api/customers/export.csv`, { headers: { cookie: agent.cookie } });
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await third.json()) as { error: { message: string } }).error.message).toBe(
      'You already have exports running. Try again when they have finished.',
    );
    const statement = await fetch(`${baseUrl}/api/analytics/deals/statement.pdf`, { headers: { cookie: agent.cookie } });
    expect(statement.status).toBe(429);

    // Another user is not held up by them.
    const theirs = await fetch(`${baseUrl}/api/vehicles/export.csv`, { headers: { cookie: other.cookie } });
    expect(theirs.status).toBe(200);
    await theirs.text();

    first.stop();
    await expect
      .poll(async () => {
        const again = await fetch(`${baseUrl}/api/customers/export.csv`, { headers: { cookie: agent.cookie } });
        await again.arrayBuffer().catch(() => undefined);
        return again.status;
      })
      .toBe(200);
    second.stop();
  });
});
