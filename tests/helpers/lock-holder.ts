// Takes the data folder lock in a process of its own: `tsx lock-holder.ts <dir> <hold ms>`. Prints 'locked' or the
// error, holds the lock for the given time, then releases it.
import { lockDataDir } from '../../src/server/db/data-dir-lock.js';

const [dir, hold = '0'] = process.argv.slice(2);
try {
  const release = await lockDataDir(dir!, { staleMs: 5000 });
  console.log('locked');
  await new Promise((resolve) => setTimeout(resolve, Number(hold)));
  await release();
} catch (error) {
  console.log((error as Error).message);
}
