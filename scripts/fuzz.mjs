// `npm run fuzz`: the generated-input test with 10,000 payloads per route (FUZZ_RUNS overrides), on the embedded
// database and, when TEST_DATABASE_URL is set, on PostgreSQL.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const projects = ['api-pglite', ...(process.env.TEST_DATABASE_URL ? ['api-postgres'] : [])].flatMap((p) => ['--project', p]);
const result = spawnSync(
  path.join(root, 'node_modules/.bin/vitest'),
  ['run', ...projects, 'tests/api/fuzz.test.ts', '--testTimeout=0'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { FUZZ_RUNS: '10000', FUZZ_REPORT: '1', ...process.env },
  },
);
process.exit(result.status ?? 1);
