import path from 'node:path';
import { defineConfig } from 'vitest/config';

const apiTests = ['tests/api/**/*.test.ts'];
// The crash test runs the real server in processes of its own, once per database; so does the upgrade test, from
// each earlier release in .ci/upgrade-from.
const crashTests = ['tests/crash/**/*.test.ts'];
const upgradeTests = ['tests/upgrade/**/*.test.ts'];
const alias = { '@': path.resolve(import.meta.dirname, 'src/web'), '@shared': path.resolve(import.meta.dirname, 'src/shared') };

export default defineConfig({
  test: {
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 30_000,
    // Two files at a time even on two cores (Vitest would run one): a PostgreSQL file mostly waits on the server while
    // an embedded one computes, so the pair takes about a quarter less time than one after the other.
    maxWorkers: 2,
    hookTimeout: 60_000,
    projects: [
      { extends: true, resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        extends: true,
        resolve: { alias },
        test: { name: 'web', include: ['tests/web/**/*.test.tsx'], environment: 'happy-dom' },
      },
      { extends: true, test: { name: 'api-pglite', include: apiTests, env: { TORQUE_TEST_DB: 'pglite' } } },
      { extends: true, test: { name: 'crash-pglite', include: crashTests, env: { TORQUE_TEST_DB: 'pglite' } } },
      { extends: true, test: { name: 'upgrade-pglite', include: upgradeTests, env: { TORQUE_TEST_DB: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            { extends: true as const, test: { name: 'api-postgres', include: apiTests, env: { TORQUE_TEST_DB: 'postgres' } } },
            {
              extends: true as const,
              test: { name: 'crash-postgres', include: crashTests, env: { TORQUE_TEST_DB: 'postgres' } },
            },
            {
              extends: true as const,
              test: { name: 'upgrade-postgres', include: upgradeTests, env: { TORQUE_TEST_DB: 'postgres' } },
            },
          ]
        : []),
    ],
  },
});
