import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../src/server/db/data-dir-lock.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const holder = path.resolve(import.meta.dirname, '../helpers/lock-holder.ts');

/** A process that takes the lock and holds it for `holdMs`; resolves with what it printed once it has taken it or failed. */
function startHolder(dir: string, holdMs: number): { child: ChildProcess; said: Promise<string> } {
  // One process (not the tsx wrapper, which would outlive a kill of its child or the other way round).
  const child = spawn(process.execPath, ['--import', 'tsx', holder, dir, String(holdMs)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const said = new Promise<string>((resolve) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.trim());
    });
    child.on('exit', () => resolve(out.trim()));
  });
  return { child, said };
}

describe('the data folder lock', () => {
  it('stops a second holder on the same folder with a clear message', async () => {
    const dir = tempDir();
    const release = await lockDataDir(dir, { staleMs: 5000 });
    try {
      await expect(lockDataDir(dir, { staleMs: 5000 })).rejects.toThrow(
        `The data folder ${dir} is in use by another Torque process (pid ${process.pid}).`,
      );
    } finally {
      await release();
    }
    const again = await lockDataDir(dir, { staleMs: 5000 });
    await again();
  });

  it('gives the folder to exactly one of two processes started together', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const dir = tempDir();
      // Held far longer than a slow start takes, so the second process always meets the first one's lock.
      const holders = [startHolder(dir, 30_000), startHolder(dir, 30_000)];
      const said = await Promise.all(holders.map((h) => h.said));
      expect(
        said.filter((s) => s === 'locked'),
        said.join(' | '),
      ).toHaveLength(1);
      expect(said.find((s) => s !== 'locked')).toMatch(/is in use by another Torque process \(pid \d+\)/);
      await Promise.all(
        holders.map(
          (h) =>
            new Promise((resolve) => (h.child.exitCode === null ? (h.child.on('exit', resolve), h.child.kill()) : resolve(null))),
        ),
      );
    }
  }, 60_000);

  it('takes over the lock of a process killed with -9 once it has gone stale', async () => {
    const dir = tempDir();
    const killed = startHolder(dir, 60_000);
    expect(await killed.said).toBe('locked');
    killed.child.kill('SIGKILL');
    await new Promise((resolve) => killed.child.on('exit', resolve));
    const started = Date.now();
    const release = await lockDataDir(dir, { staleMs: 5000 });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(fs.readFileSync(path.join(dir, 'torque.pid'), 'utf8')).toBe(String(process.pid));
    await release();
    expect(fs.existsSync(path.join(dir, 'torque.pid'))).toBe(false);
  }, 30_000);
});
