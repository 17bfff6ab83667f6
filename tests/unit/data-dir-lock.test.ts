import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../src/server/db/connection.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('the data folder lock', () => {
  it('stops a second process on the same folder with a clear message', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      fs.writeFileSync(path.join(dir, 'torque.pid'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(`The data folder ${dir} is in use by another Torque process (pid ${other.pid}).`);
    } finally {
      other.kill();
    }
  });

  it('takes over the lock of a process that is gone, and releases it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'torque.pid'), '999999999');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'torque.pid'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'torque.pid'))).toBe(false);
  });
});
