import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AreaDeps } from '../../src/server/platform/area.js';
import { areas } from '../../src/server/modules/areas.js';
import { realtimeAreas } from '../../src/shared/realtime/events.js';
import { sharedAreas } from '../../src/shared/areas.js';
import type { SharedArea } from '../../src/shared/area.js';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { architectureDoc, architectureDocFile } from '../../scripts/architecture-doc.js';
import { domainEvents } from '../../src/server/platform/events.js';

/** Each area's manifest against what the area's folder does and what the app runs. */
const modules = path.resolve(import.meta.dirname, '../../src/server/modules');
const sourceOf = (area: string) =>
  fs
    .readdirSync(path.join(modules, area), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => fs.readFileSync(path.join(modules, area, file), 'utf8'))
    .join('\n');

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await t.app.ready();
});
afterAll(() => t.close());

describe('the area manifests', () => {
  it('name every area folder once, each manifest in its own folder', () => {
    const folders = fs.readdirSync(modules, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(areas.map((area) => area.name).sort()).toEqual(folders.map((folder) => folder.name).sort());
    for (const folder of folders) expect(fs.existsSync(path.join(modules, folder.name, 'index.ts')), folder.name).toBe(true);
  });

  it('give every table of the database one export rule, in exactly one area', async () => {
    const { rows } = await sql<{ name: string }>`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'kysely_migration'
        AND table_name <> 'kysely_migration_lock'`.execute(t.database.db);
    const owners = new Map<string, string[]>();
    for (const area of areas)
      for (const table of Object.keys(area.exportTables)) owners.set(table, [...(owners.get(table) ?? []), area.name]);
    for (const { name } of rows) expect(owners.get(name), `the export rule of ${name}`).toHaveLength(1);
    expect([...owners.keys()].sort()).toEqual(rows.map((r) => r.name).sort());
  });

  it('have every list the browser refreshes changed by an area that publishes it', () => {
    const declared = new Set(areas.flatMap((area) => area.changes ?? []));
    expect([...declared].sort()).toEqual([...realtimeAreas].sort());
    for (const area of areas) {
      const source = sourceOf(area.name);
      for (const list of area.changes ?? [])
        expect(source, `${area.name} publishes changes of ${list}`).toMatch(new RegExp(`publishChange\\([^)]*'${list}'`));
    }
  });

  it('send every notification they declare (`src/shared/<area>/area.ts`, which Settings → Notifications lists)', () => {
    const declared = Object.entries(sharedAreas as Record<string, SharedArea>).flatMap(([area, { notifications }]) =>
      Object.keys(notifications ?? {}).map((event) => [area, event] as const),
    );
    expect(declared.length).toBeGreaterThanOrEqual(10);
    for (const [area, event] of declared) {
      expect(
        areas.map((a) => a.name),
        `${area} is an area of the server`,
      ).toContain(area);
      expect(sourceOf(area), `${area} notifies ${event}`).toContain(`event: '${event}'`);
    }
  });

  it('start every job they declare once the workers start', async () => {
    await t.app.startWorkers();
    const names = areas.flatMap((area) => area.jobs ?? []).map((job) => job.name);
    expect(names.length).toBeGreaterThanOrEqual(3);
    const { rows } = await sql<{ name: string }>`SELECT name FROM pgboss.schedule`.execute(t.database.db);
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(names));
  });

  it('handle each realtime event kind in the area that publishes it', () => {
    const deps = { database: t.database } as AreaDeps;
    const kinds = areas.flatMap((area) => Object.keys(area.realtime?.(deps) ?? {}).map((kind) => [area.name, kind] as const));
    expect(kinds.length).toBeGreaterThanOrEqual(4);
    // The platform publishes what every area stands on (a notification) for the area that delivers it.
    const platform = fs
      .readdirSync(path.join(modules, '../platform'))
      .map((file) => fs.readFileSync(path.join(modules, '../platform', file), 'utf8'))
      .join('\n');
    for (const [area, kind] of kinds)
      expect(sourceOf(area) + platform, `${area} publishes '${kind}'`).toMatch(new RegExp(`publish\\(\\w+, '${kind}'`));
  });

  it('announce the domain events they declare, each handled by an area above', () => {
    for (const area of areas) {
      const announced = [...sourceOf(area.name).matchAll(/announce\(\w+, '(\w+)'/g)].map((match) => match[1]);
      expect([...new Set(announced)].sort(), `${area.name} announces`).toEqual([...(area.announces ?? [])].sort());
    }
    for (const event of domainEvents)
      expect(
        areas.some((area) => area.handles?.[event]),
        `${event} is handled`,
      ).toBe(true);
  });

  it('are drawn in docs/ARCHITECTURE.md as the code has them (run `npm run docs:architecture` after a change)', async () => {
    const current = fs.readFileSync(architectureDocFile, 'utf8');
    expect(await architectureDoc(current)).toBe(current);
    expect(current).toMatch(/\| `customerLost` +\| customers +\| tasks +\|/);
  });
});
