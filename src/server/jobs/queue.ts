import PgBoss from 'pg-boss';
import { CompiledQuery, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/connection.js';
import type { DB } from '../db/schema.js';

/** One attempt at a job, as a handler receives it. */
export type Job<T> = {
  id: string;
  name: string;
  data: T;
  /** 1 for the first try, 2 for the first retry… */
  attempt: number;
  /** No retry follows if this attempt fails. */
  lastAttempt: boolean;
};

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

/** How a kind of job is retried: `retryLimit` retries after the first try, `retryDelay` seconds apart, doubling. */
export type RetryPolicy = { retryLimit: number; retryDelay: number; retryBackoff: boolean };

export type WorkOptions = Partial<RetryPolicy> & {
  /** An attempt still running after this long counts as failed (and is retried). */
  expireInSeconds?: number;
  /** Jobs a process takes at each poll and runs side by side (5 unless given). */
  batchSize?: number;
  /** A job that runs every minute and mostly finds nothing to do: its successful attempts are logged at debug level. */
  quiet?: boolean;
};

export type EnqueueOptions = {
  /** Not before this moment, or this many seconds from now. */
  startAfter?: Date | number;
  /** Higher first. */
  priority?: number;
};

export type JobQueue = {
  /**
   * Opens the queue: once this settles its tables and a queue for every kind of job registered exist, so jobs may be
   * sent (on a restart, one check that they do).
   */
  open: () => Promise<void>;
  /** Opens the queue if it is not yet open, then takes jobs: each kind's retry policy applied and its worker polling. */
  start: () => Promise<void>;
  /** Stops fetching, lets running attempts finish, and waits for the queue's own queries to end. */
  stop: () => Promise<void>;
  /** Registers the handler of a kind of job; call it before `start`. */
  work: <T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions) => void;
  /**
   * Writes a job through the caller's transaction, so the job exists only if the change that causes it commits.
   * Returns the job's id.
   */
  enqueue: <T extends object>(tx: Transaction<DB>, name: string, data: T, options?: EnqueueOptions) => Promise<string>;
  /** Sends `name` a job on a cron schedule (UTC unless `tz`), once across every process. */
  schedule: (name: string, cron: string, data?: object, options?: { tz?: string }) => Promise<void>;
};

export type JobQueueOptions = {
  /** How often an idle worker looks for work (pg-boss allows 0.5 s at least). */
  pollingIntervalSeconds?: number;
};

const DEFAULT_RETRY: RetryPolicy = { retryLimit: 5, retryDelay: 30, retryBackoff: true };

/**
 * Background work on PostgreSQL with pg-boss, over Torque's own pool, so the embedded database and a server are served
 * alike. Workers take jobs with FOR UPDATE SKIP LOCKED: with several Torque processes on one database each job runs
 * in one of them at a time. Every attempt is logged with the job's name, id, attempt number and outcome.
 */
export function createJobQueue(database: Database, log: FastifyBaseLogger, options: JobQueueOptions = {}): JobQueue {
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
  const running = new Set<Promise<unknown>>();
  let state: 'new' | 'started' | 'stopping' | 'stopped' = 'new';

  /** Counts what is under way (the queue's queries and the handlers), so `stop` can wait for it. */
  const track = <R>(work: Promise<R>): Promise<R> => {
    running.add(work);
    const done = () => running.delete(work);
    work.then(done, done);
    return work;
  };

  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values: unknown[]) =>
        track(
          (async () => {
            if (state === 'stopped') throw new Error('The job queue is stopped');
            const { rows } = await database.pool.query(text, values);
            return { rows };
          })(),
        ),
    },
    pollingIntervalSeconds,
  });
  boss.on('error', (error) => {
    if (state !== 'stopped') log.error({ err: error }, 'job queue error');
  });

  const workers = new Map<string, { handler: JobHandler<object>; options: WorkOptions }>();

  /** One attempt at each job of a batch, logged. */
  const attempt = async (name: string, handler: JobHandler<object>, job: PgBoss.JobWithMetadata<object>, quiet: boolean) => {
    const number = job.retryCount + 1;
    const lastAttempt = job.retryCount >= job.retryLimit;
    const started = performance.now();
    const fields = { job: name, jobId: job.id, attempt: number };
    try {
      await handler({ id: job.id, name, data: job.data, attempt: number, lastAttempt });
      log[quiet ? 'debug' : 'info'](
        { ...fields, outcome: 'done', ms: Math.round(performance.now() - started) },
        `job ${name} done`,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const outcome = lastAttempt ? 'failed' : 'will retry';
      log.warn({ ...fields, outcome, error: message }, `job ${name} ${outcome}`);
      // Failed on its own: pg-boss then completes only the batch's jobs still active, the ones that succeeded.
      await boss.fail(name, job.id, { message });
    }
  };
  const runBatch =
    (name: string, handler: JobHandler<object>, batchSize: number, quiet: boolean, worker: { id?: string }) =>
    async (batch: PgBoss.JobWithMetadata<object>[]) => {
      await track(Promise.all(batch.map((job) => attempt(name, handler, job, quiet))));
      // A full batch means more may be waiting: fetch again at once instead of after the polling interval.
      if (batch.length === batchSize && worker.id) boss.notifyWorker(worker.id);
    };

  /** A kind of job's queue: its retry policy and expiry. */
  const queueOf = (name: string, { batchSize: _batchSize, quiet: _quiet, ...policy }: WorkOptions) => ({
    name,
    ...DEFAULT_RETRY,
    ...policy,
  });
  let opened: Promise<void> | null = null;
  let working: Promise<void> | null = null;
  const open = () => {
    if (state !== 'new') return opened ?? Promise.resolve();
    state = 'started';
    opened = (async () => {
      await boss.start();
      // Created once across processes (on a new database, before any request can send one).
      const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
      for (const [name, { options: workOptions }] of workers)
        if (!existing.has(name)) await boss.createQueue(name, queueOf(name, workOptions));
    })();
    return opened;
  };

  return {
    work(name, handler, workOptions = {}) {
      if (state !== 'new') throw new Error(`Register the job ${name} before the queue starts`);
      // A handler of T receives only jobs enqueued with T under this name.
      workers.set(name, { handler: handler as JobHandler<object>, options: workOptions });
    },

    open,

    start() {
      working ??= (async () => {
        await open();
        if (state !== 'started') return;
        for (const [name, { handler, options: workOptions }] of workers) {
          // A changed retry policy applies to the jobs sent from now on.
          await boss.updateQueue(name, queueOf(name, workOptions));
          const batchSize = workOptions.batchSize ?? 5;
          const worker: { id?: string } = {};
          const options = { batchSize, includeMetadata: true as const, pollingIntervalSeconds };
          worker.id = await boss.work(name, options, runBatch(name, handler, batchSize, workOptions.quiet ?? false, worker));
        }
      })();
      return working;
    },

    async stop() {
      if (state === 'new') state = 'stopped';
      if (state !== 'started') return;
      await Promise.allSettled([opened, working]);
      state = 'stopping';
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      // A fetch under way when the workers stopped may still hand out a job: let it run and be recorded.
      while (running.size > 0) {
        await Promise.allSettled([...running]);
        await new Promise((resolve) => setImmediate(resolve));
      }
      state = 'stopped';
    },

    async enqueue(tx, name, data, enqueueOptions = {}) {
      // The job's queue is created when a process with its handler starts; any process may send to it.
      if (!workers.has(name)) throw new Error(`No handler is registered for the job ${name}`);
      const id = await boss.send(name, data, {
        ...enqueueOptions,
        db: {
          executeSql: async (text: string, values: unknown[]) => {
            const { rows } = await tx.executeQuery(CompiledQuery.raw(text, values));
            return { rows };
          },
        },
      });
      if (!id) throw new Error(`The job ${name} was not sent`);
      return id;
    },

    async schedule(name, cron, data, scheduleOptions) {
      if (!workers.has(name)) throw new Error(`No handler is registered for the job ${name}`);
      await boss.schedule(name, cron, data, scheduleOptions);
    },
  };
}
