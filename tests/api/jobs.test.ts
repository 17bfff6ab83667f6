import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/connection.js';
import { createJobQueue, type JobQueue } from '../../src/server/jobs/queue.js';
import { freshDatabase } from '../helpers/databases.js';

/** The job queue itself: jobs written in the caller's transaction, each run once however many queues take work. */

const log = Fastify({ logger: false }).log;
let database: Database;
let queues: JobQueue[] = [];
const runs = new Map<number, number>();

beforeAll(async () => {
  database = await freshDatabase();
  // Two queues on one database, as two Torque processes have: both take 'count' jobs.
  queues = [1, 2].map(() => {
    const queue = createJobQueue(database, log, { pollingIntervalSeconds: 0.5 });
    queue.work<{ n: number }>('count', async (job) => {
      runs.set(job.data.n, (runs.get(job.data.n) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    return queue;
  });
  for (const queue of queues) await queue.start();
});
afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await database.close();
});

const states = async () =>
  (
    await sql<{
      state: string;
      n: number;
    }>`SELECT state, count(*)::int AS n FROM pgboss.job WHERE name = 'count' GROUP BY state`.execute(database.db)
  ).rows;

describe('the job queue', () => {
  it('runs each of 200 jobs exactly once with two queues taking work', async () => {
    await database.db.transaction().execute(async (tx) => {
      for (let n = 0; n < 200; n++) await queues[n % 2]!.enqueue(tx, 'count', { n });
    });
    await expect.poll(states, { timeout: 20_000 }).toEqual([{ state: 'completed', n: 200 }]);
    expect(runs.size).toBe(200);
    expect([...runs.values()].every((times) => times === 1)).toBe(true);
  });

  it('keeps no job of a transaction that rolled back', async () => {
    await expect(
      database.db.transaction().execute(async (tx) => {
        await queues[0]!.enqueue(tx, 'count', { n: 1000 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await states()).toEqual([{ state: 'completed', n: 200 }]);
    expect(runs.has(1000)).toBe(false);
  });

  it('refuses a job no handler is registered for, which no process would ever run', async () => {
    await expect(database.db.transaction().execute((tx) => queues[0]!.enqueue(tx, 'nobody', {}))).rejects.toThrow(
      'No handler is registered for the job nobody',
    );
  });
});

describe('a quiet job', () => {
  it('logs its successful attempts at debug level and a failure as a warning, like any job', async () => {
    const lines: { level: number; msg: string }[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) };
    const heard = Fastify({ logger: { level: 'debug', stream } }).log;
    const queue = createJobQueue(database, heard, { pollingIntervalSeconds: 0.5 });
    queue.work<{ fail: boolean }>(
      'minutely',
      async (job) => {
        if (job.data.fail) throw new Error('nothing to read');
      },
      { quiet: true, retryLimit: 0 },
    );
    await queue.start();
    try {
      await database.db.transaction().execute(async (tx) => {
        await queue.enqueue(tx, 'minutely', { fail: false });
        await queue.enqueue(tx, 'minutely', { fail: true });
      });
      await expect
        .poll(
          () =>
            lines
              .filter((l) => l.msg.startsWith('job minutely'))
              .map((l) => [l.level, l.msg])
              .sort(),
          { timeout: 20_000 },
        )
        .toEqual([
          [20, 'job minutely done'],
          [40, 'job minutely failed'],
        ]);
    } finally {
      await queue.stop();
    }
  });
});
