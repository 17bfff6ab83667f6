/**
 * The server's entry. It reads the configuration and starts opening the database, then loads the rest of the server
 * while the database opens: the embedded one in a thread of its own (`db/embedded-worker`), so PostgreSQL starting
 * inside WebAssembly and the modules' load share the machine's cores instead of taking turns.
 */
import { loadConfig } from './config.js';
import { openConfiguredDatabase } from './db/connection.js';
import { step } from './start-trace.js';

/** The engine thread's module: beside this one in the built server, in db/ in the sources. */
const thread = new URL(import.meta.url.endsWith('.ts') ? './db/embedded-worker.ts' : './embedded-worker.js', import.meta.url);

const config = loadConfig();
const [database, { serve }] = await Promise.all([
  openConfiguredDatabase(config, { thread }).then((database) => (step('database opened'), database)),
  import('./serve.js').then((modules) => (step('modules loaded'), modules)),
]);
await serve(config, database);
