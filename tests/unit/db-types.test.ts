import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateTables, tablesFile } from '../../src/server/scripts/db-types.js';

describe('the generated table types', () => {
  it('match the migrations (run `npm run db:types` after changing a migration)', async () => {
    expect(fs.readFileSync(tablesFile, 'utf8')).toBe(await generateTables());
  }, 60_000);
});
