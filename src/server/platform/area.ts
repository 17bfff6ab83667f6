import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { RealtimeArea } from '../../shared/realtime/events.js';
import type { AuthLoader } from '../auth/auth-loader.js';
import type { ActorResolver } from '../auth/actor.js';
import type { Encryption } from '../auth/encryption.js';
import type { Config } from '../config.js';
import type { Database } from '../db/connection.js';
import type { Instance } from '../db/instance.js';
import type { DB } from '../db/schema.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Mailer } from '../mail/mailer.js';
import type { Resolve } from '../net/public-address.js';
import type { EventHandler, Realtime } from '../realtime/hub.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { Spool } from '../storage/spool.js';
import type { ExportContents, TableRule } from './export-rules.js';
import type { ReadableFile } from './readable-files.js';
import type { DomainEvent, Handles } from './events.js';
import type { TextCarrier, WebhookSender } from './webhook-sender.js';

/** What the app hands every area: the infrastructure built once in `app.ts`. */
export type AreaDeps = {
  auth: AuthLoader;
  database: Database;
  config: Config;
  secret: string;
  /** Seals and opens the credentials kept for other services (`auth/encryption.ts`). */
  encryption: Encryption;
  log: FastifyBaseLogger;
  resolveActor: ActorResolver;
  store: BlobStore;
  spool: Spool;
  instance: Instance;
  jobs: JobQueue;
  mailer: Mailer;
  /** How the names of servers people give (their mailboxes') are looked up before Torque connects to them. */
  resolve: Resolve;
  webhooks: WebhookSender;
  realtime: Realtime;
  /** What the full export holds: every area's table rules, merged, and the readable files they declare. */
  exportContents: ExportContents;
};

/** A recurring job an area runs: `register` adds its worker while the app is built; `start` schedules it once ready. */
export type AreaJob = { name: string; register: (deps: AreaDeps) => { start: () => Promise<void> } };

/**
 * Work an area keeps running in every process beside the job queue (a mailbox's reader holds its connection open):
 * built with the app, started with the job workers, stopped as the app closes.
 */
export type AreaService = {
  name: string;
  register: (deps: AreaDeps) => { start: () => Promise<void>; stop: () => Promise<void> };
};

/**
 * Everything the app needs to know of one area, in the area's own folder (`modules/<area>/index.ts`): `app.ts` and
 * the tests loop over the list in `modules/areas.ts`, so adding an area is its folders and one line there.
 */
export type Area = {
  name: string;
  /** The area's HTTP routes, registered under the API. */
  routes?: (api: FastifyInstance, deps: AreaDeps) => Promise<void>;
  /** Its recurring jobs. */
  jobs?: readonly AreaJob[];
  /** What it keeps running beside them. */
  services?: readonly AreaService[];
  /** How the events it publishes (`publish(tx, kind, …)`) reach sockets, by kind. */
  realtime?: (deps: AreaDeps) => Record<string, EventHandler>;
  /** The lists it changes, refreshed in every tab that shows them (`publishChange(tx, area, owners)`). */
  changes?: readonly RealtimeArea[];
  /** Of these stored file keys, the ones its rows still name: the storage sweep keeps them. */
  storedKeys?: (db: Kysely<DB>, keys: string[]) => Promise<Set<string>>;
  /** What the full export holds of each of its tables; every table of the database belongs to one area. */
  exportTables: Record<string, TableRule>;
  /** The full export's files for a person (`readable/<name>.csv`), written as the area's own CSV export writes them. */
  readableFiles?: readonly ReadableFile[];
  /** The texting provider it offers, which carries texts in place of the send_sms address (one area at most). */
  textCarrier?: (setup: { encryption: Encryption; config: Config }) => TextCarrier;
  /** The domain events it announces (`announce(tx, event, …)`), for areas above it to handle. */
  announces?: readonly DomainEvent[];
  /** What it does, in the announcer's transaction, when another area announces an event (`platform/events.ts`). */
  handles?: Handles;
};

/** Declares an area; the type is the checklist of what a new area decides. */
export const defineArea = (area: Area): Area => area;
