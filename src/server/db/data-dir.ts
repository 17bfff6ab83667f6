import fs from 'node:fs';
import path from 'node:path';

/** Written once every file of the folder has been made private; from then on the umask keeps new ones so. */
const REPAIRED_MARK = '.private';

/**
 * The data folder holds the embedded database, documents, the session secret, the upload spool and backups: only
 * the user Torque runs as may read or change them. Everything this process creates from now on is private (umask
 * 077: folders 0700, files 0600), and the folder itself is made so at once.
 */
export function secureDataDir(dir: string) {
  process.umask(0o077);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  makePrivate(dir, fs.statSync(dir));
}

/**
 * Makes every file already in the folder private: all of them once (those an earlier version left readable by
 * others), and the embedded database's at every start, as its engine writes files with a umask of its own (its
 * first files 0666 when it creates the folder, its cache files 0644 each time it opens it).
 */
export function repairDataDirModes(dir: string, engineDir: string) {
  const mark = path.join(dir, REPAIRED_MARK);
  if (fs.existsSync(mark)) {
    if (fs.existsSync(engineDir)) repairModes(engineDir);
    return;
  }
  repairModes(dir);
  fs.writeFileSync(mark, 'Every file in this folder is readable by its owner only.\n', { mode: 0o600 });
}

/** Folders 0700 and files 0600, all the way down; links are left as they are. */
function repairModes(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const file = path.join(dir, entry.name);
    makePrivate(file, fs.lstatSync(file));
    if (entry.isDirectory()) repairModes(file);
  }
}

function makePrivate(file: string, stat: fs.Stats) {
  const wanted = stat.isDirectory() ? 0o700 : 0o600;
  if ((stat.mode & 0o777) !== wanted) fs.chmodSync(file, wanted);
}
