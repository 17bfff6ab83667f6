import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { serialize } from 'pg-protocol';
import type { BackendMessage, NotificationResponseMessage } from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';

/** What the main thread asks of the engine's thread, and what it answers. */
type Ask = { bytes: Uint8Array } | { close: true };
export type ToEngine = Ask & { id: number };
export type FromEngine =
  | { ready: true }
  | { failed: string }
  | { id: number; bytes: Uint8Array }
  | { id: number; error: string }
  | { id: number; closed: true };

/** Parse, Bind, Describe, Execute and Close: messages the engine answers only once a Sync or Flush follows. */
const HELD = new Set(['P', 'B', 'D', 'E', 'C'].map((letter) => letter.charCodeAt(0)));

type Pending = { resolve: (answer: FromEngine) => void; reject: (error: Error) => void };

/**
 * The embedded database running in `embedded-worker.ts`'s thread, shaped as node-postgres's PGlite connection
 * (`createPgConfig`) uses an engine: `waitReady`, and `execProtocolStream` taking the protocol's bytes and giving
 * back the answer's messages. Notifications are taken from the answers, as PGlite does on its own thread.
 */
export class EngineThread {
  readonly waitReady: Promise<void>;
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #channels = new Map<string, Set<(payload: string) => void>>();
  readonly #parser = new Parser();
  #held: Uint8Array[] = [];
  #next = 1;
  #ended: Error | null = null;
  #ready = false;
  #closing = false;
  readonly #onLost: (error: Error) => void;
  #failReady: (error: Error) => void = () => {};

  /**
   * Starts the thread; the engine opens `engineDir` there, and `waitReady` settles once it has. `onLost` is told when
   * the thread ends once ready without having been closed.
   */
  constructor(file: URL, engineDir: string, onLost: (error: Error) => void) {
    this.#onLost = onLost;
    const workerData = { engineDir };
    // From the sources (`npm run dev`), Node 20 does not pass a thread's entry through tsx's hooks: the thread
    // registers them itself, then imports the module.
    this.#worker = file.pathname.endsWith('.ts')
      ? new Worker(
          `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); })`,
          { eval: true, workerData },
        )
      : new Worker(file, { workerData });
    this.waitReady = new Promise((resolve, reject) => {
      this.#failReady = reject;
      this.#worker.once('message', (first: FromEngine) => {
        if ('failed' in first) return reject(new Error(first.failed));
        this.#ready = true;
        resolve();
      });
    });
    this.#worker.on('message', (answer: FromEngine) => {
      if (!('id' in answer)) return;
      const pending = this.#pending.get(answer.id);
      this.#pending.delete(answer.id);
      pending?.resolve(answer);
    });
    this.#worker.on('error', (error) => this.#end(error));
    this.#worker.on('exit', (code) => this.#end(new Error(`The embedded database's thread ended (exit code ${code}).`)));
  }

  /**
   * The engine's messages in answer to `bytes` (one or more protocol messages from node-postgres). A statement with
   * values comes as Parse, Bind, Describe, Execute and Sync, one call each: the first four are held and go to the
   * thread with the Sync, as a socket would carry them, so a statement crosses to the thread and back once.
   */
  async execProtocolStream(bytes: Uint8Array): Promise<BackendMessage[]> {
    if (HELD.has(bytes[0]!)) {
      this.#held.push(bytes);
      return [];
    }
    if (this.#held.length > 0) {
      bytes = Buffer.concat([...this.#held, bytes]);
      this.#held = [];
    }
    const answer = await this.#ask({ bytes });
    if ('error' in answer) throw new Error(answer.error);
    const { bytes: raw } = answer as { bytes: Uint8Array };
    const messages: BackendMessage[] = [];
    this.#parser.parse(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), (message) => {
      messages.push(message);
      if (message.name !== 'notification') return;
      const { channel, payload } = message as NotificationResponseMessage;
      this.#channels.get(channel)?.forEach((handler) => queueMicrotask(() => handler(payload)));
    });
    return messages;
  }

  /** LISTEN on `channel` (as PGlite's own `listen`); resolves to its removal. */
  async listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
    let handlers = this.#channels.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.#channels.set(channel, handlers);
      await this.#run(`LISTEN ${pg.escapeIdentifier(channel)}`);
    }
    handlers.add(onMessage);
    const listening = handlers;
    return async () => {
      listening.delete(onMessage);
      if (listening.size > 0 || this.#channels.get(channel) !== listening) return;
      this.#channels.delete(channel);
      await this.#run(`UNLISTEN ${pg.escapeIdentifier(channel)}`);
    };
  }

  /** Closes the engine (its data written to the folder) and ends the thread. */
  async close() {
    if (this.#ended) return;
    this.#closing = true;
    const exited = once(this.#worker, 'exit');
    await this.#ask({ close: true });
    await exited;
  }

  async #run(statement: string) {
    const error = (await this.execProtocolStream(serialize.query(statement))).find((message) => message.name === 'error');
    if (error) throw error;
  }

  #ask(ask: Ask): Promise<FromEngine> {
    if (this.#ended) return Promise.reject(this.#ended);
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...ask, id } satisfies ToEngine);
    });
  }

  #end(error: Error) {
    if (this.#ended) return;
    this.#ended = error;
    this.#failReady(error);
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
    if (this.#ready && !this.#closing) this.#onLost(error);
  }
}
