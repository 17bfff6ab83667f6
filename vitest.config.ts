import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

// The API test files of one database share their worker's loaded modules (`isolate: false`): each file makes its own
// database and app (tests/helpers/app.ts), and the server keeps no state in its modules, so a file need not load the
// server's few hundred modules again.
const apiTests = ['tests/api/**/*.test.ts'];
// The crash test runs the real server in processes of its own, once per database; so does the upgrade test, from
// each earlier release in .ci/upgrade-from.
const crashTests = ['tests/crash/**/*.test.ts'];
const upgradeTests = ['tests/upgrade/**/*.test.ts'];
const alias = { '@': path.resolve(import.meta.dirname, 'src/web'), '@shared': path.resolve(import.meta.dirname, 'src/shared') };

/**
 * The files that take minutes, longest first, then those that take a quarter of a minute or more, so that the two
 * workers end together on the many short files instead of one running the upgrade test, or a server-starting file,
 * alone at the end (Vitest would run project after project, by name, and a new checkout's files by size).
 */
const longest = [
  'upgrade-pglite:tests/upgrade/',
  'api-pglite:tests/api/fuzz.test.ts',
  'upgrade-postgres:tests/upgrade/',
  'api-postgres:tests/api/fuzz.test.ts',
  'api-postgres:tests/api/realtime-cluster.test.ts',
  'api-pglite:tests/api/backup.test.ts',
  'crash-pglite:tests/crash/crash.test.ts',
  'api-pglite:tests/api/mail.test.ts',
  'api-postgres:tests/api/mail.test.ts',
  'api-pglite:tests/api/migrations.test.ts',
  'crash-pglite:tests/crash/disconnect.test.ts',
  'crash-postgres:tests/crash/',
  'unit:tests/unit/data-dir-lock.test.ts',
];
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => {
      const key = `${file.project.name}:${path.relative(import.meta.dirname, file.moduleId)}`;
      const index = longest.findIndex((prefix) => key.startsWith(prefix));
      return index === -1 ? longest.length : index;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    globalSetup: ['tests/helpers/global-setup.ts'],
    sequence: { sequencer: LongestFirst },
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
      { extends: true, test: { name: 'api-pglite', include: apiTests, isolate: false, env: { TORQUE_TEST_DB: 'pglite' } } },
      { extends: true, test: { name: 'crash-pglite', include: crashTests, env: { TORQUE_TEST_DB: 'pglite' } } },
      { extends: true, test: { name: 'upgrade-pglite', include: upgradeTests, env: { TORQUE_TEST_DB: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: { name: 'api-postgres', include: apiTests, isolate: false, env: { TORQUE_TEST_DB: 'postgres' } },
            },
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
