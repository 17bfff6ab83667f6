/**
 * The embedded database in a thread of its own. The server starts this thread before it loads its modules, so
 * PostgreSQL starting inside WebAssembly (most of a restart's time) and the modules' load run side by side on two
 * cores. The thread then answers the wire protocol's bytes with the engine's bytes (`EngineThread` parses them).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { FromEngine, ToEngine } from './engine-thread.js';

const port = parentPort!;
const { engineDir } = workerData as { engineDir: string };
const send = (message: FromEngine, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

let pglite: PGlite;
try {
  pglite = await PGlite.create(engineDir, { extensions: { pg_trgm } });
  send({ ready: true });
} catch (error) {
  send({ failed: messageOf(error) });
  process.exit(0);
}

// The engine answers one message at a time, in the order they came.
let done = Promise.resolve();
port.on('message', (message: ToEngine) => {
  done = done.then(async () => {
    if ('close' in message) {
      await pglite.close().catch(() => undefined);
      send({ id: message.id, closed: true });
      port.close();
      return;
    }
    try {
      const bytes = await pglite.execProtocolRaw(message.bytes);
      // The answer is a copy of the engine's buffer: its memory moves to the main thread rather than being copied.
      const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      send({ id: message.id, bytes }, own ? [bytes.buffer as ArrayBuffer] : []);
    } catch (error) {
      send({ id: message.id, error: messageOf(error) });
    }
  });
});
