import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../src/shared/http/contract.js';
import { createTestContext, type TestContext } from '../helpers/app.js';

/** Every area's contract (`src/shared/<area>/api.ts`): the routes the web calls. */
const shared = path.resolve(import.meta.dirname, '../../src/shared');
const contractFiles = fs
  .readdirSync(shared, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(shared, entry.name, 'api.ts')))
  .map((entry) => path.join(shared, entry.name, 'api.ts'));

async function contractEntries(): Promise<Endpoint[]> {
  const modules = await Promise.all(contractFiles.map((file) => import(file) as Promise<Record<string, unknown>>));
  return modules.flatMap((module) =>
    Object.values(module).flatMap((contract) => Object.values(contract as Record<string, Endpoint>)),
  );
}

let t: TestContext;
beforeAll(async () => {
  // With the demo on, as on a new install: its sign-in route is in the contract too.
  t = await createTestContext({ DEMO: '1' });
  await t.app.ready();
});
afterAll(() => t.close());

describe('the contract between web and server', () => {
  it('names only routes the server registers', async () => {
    const entries = await contractEntries();
    expect(entries.length).toBeGreaterThan(0);
    const missing = entries
      .filter((entry) => !t.app.hasRoute({ method: entry.method, url: entry.path }))
      .map((entry) => `${entry.area}.${entry.name}: ${entry.method} ${entry.path}`);
    expect(missing).toEqual([]);
  });

  it('gives each entry its area and name, the start of its query keys', async () => {
    for (const entry of await contractEntries()) {
      expect(entry.area, entry.path).toMatch(/^[a-z-]+$/);
      expect(entry.name, entry.path).toMatch(/^[a-zA-Z]+$/);
    }
  });
});
