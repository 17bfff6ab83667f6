/**
 * `npm run release:snapshot -- <commit>…`: the snapshot of each release the upgrade test starts from
 * (tests/upgrade/snapshots/<version>.tar.gz), made by the release's own code. The version is the release's own
 * package.json's. Needs PostgreSQL and its pg_dump: TEST_DATABASE_URL (or postgres://postgres@127.0.0.1:5432/postgres)
 * is the server the release writes to, in a database of its own dropped afterwards.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { makeSnapshot, root, snapshotFile } from './releases.js';

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const commits = process.argv.slice(2);
if (commits.length === 0) {
  console.error('Give the commit of each release: npm run release:snapshot -- <commit>…');
  process.exit(2);
}
for (const ref of commits) {
  const commit = execFileSync('git', ['rev-parse', `${ref}^{commit}`], { cwd: root, encoding: 'utf8' }).trim();
  const { version } = JSON.parse(execFileSync('git', ['show', `${commit}:package.json`], { cwd: root, encoding: 'utf8' })) as {
    version: string;
  };
  const file = snapshotFile(version);
  const started = Date.now();
  await makeSnapshot({ commit, version }, adminUrl, file);
  console.log(
    `${version} (${commit.slice(0, 7)}): ${file}, ${(fs.statSync(file).size / 1024).toFixed(0)} KiB in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}
