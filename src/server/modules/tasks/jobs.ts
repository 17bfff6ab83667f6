import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Mailer } from '../../mail/mailer.js';
import type { WebhookSender } from '../../platform/webhook-sender.js';
import { sendDigests } from './digest.js';
import { addPlanSteps } from './plans.js';
import { sendReminders } from './reminders.js';
import { followUpIdleCustomers } from './rules.js';

export const FOLLOW_UP_JOB = 'follow-up-idle-customers';
export const REMINDER_JOB = 'task-reminders';
export const DIGEST_JOB = 'task-digest';
export const PLAN_STEPS_JOB = 'action-plan-steps';

/**
 * Every hour, across every process once, the follow-up rule: customers nobody has been in contact with for the
 * follow-up reminder's days get a task for their agent. Hourly, so a new business day's tasks are there within the
 * hour after the company's midnight, whatever the zone's offset.
 */
export function registerFollowUpJob(jobs: JobQueue, db: Kysely<DB>, log: FastifyBaseLogger) {
  jobs.work(
    FOLLOW_UP_JOB,
    async () => {
      const added = await followUpIdleCustomers(db);
      if (added > 0) log.info({ added }, 'follow-up tasks added');
    },
    { retryLimit: 2, retryDelay: 300, quiet: true },
  );
  return { start: () => jobs.schedule(FOLLOW_UP_JOB, '5 * * * *') };
}

/**
 * Every hour, across every process once, the steps of the running action plans whose day has come (`plans.ts`), as
 * tasks for the customers' agents.
 */
export function registerPlanStepsJob(jobs: JobQueue, db: Kysely<DB>, log: FastifyBaseLogger) {
  jobs.work(
    PLAN_STEPS_JOB,
    async () => {
      const added = await addPlanSteps(db);
      if (added > 0) log.info({ added }, 'action plan steps added');
    },
    { retryLimit: 2, retryDelay: 300, quiet: true },
  );
  return { start: () => jobs.schedule(PLAN_STEPS_JOB, '3 * * * *') };
}

/**
 * Every minute, across every process once, the reminders whose time has come: appointments' customers and the
 * assignees of tasks with a time (`reminders.ts`). A reminder is claimed in the transaction that sends it, so a run
 * repeated after a failure, or two at once, send it once.
 */
export function registerReminderJob(
  jobs: JobQueue,
  db: Kysely<DB>,
  deps: { mailer: Mailer; webhooks: WebhookSender },
  log: FastifyBaseLogger,
) {
  jobs.work(
    REMINDER_JOB,
    async () => {
      const sent = await sendReminders(db, deps);
      if (sent.customers + sent.assignees > 0) log.info(sent, 'reminders sent');
    },
    { retryLimit: 1, retryDelay: 30, quiet: true },
  );
  return { start: () => jobs.schedule(REMINDER_JOB, '* * * * *') };
}

/**
 * Every five minutes, across every process once, the morning e-mails whose time has come (7:30 the company's time,
 * `digest.ts`); each user's day is claimed in the transaction that queues their mail, so it leaves once.
 */
export function registerDigestJob(
  jobs: JobQueue,
  db: Kysely<DB>,
  mailer: Mailer,
  origin: string | undefined,
  log: FastifyBaseLogger,
) {
  jobs.work(
    DIGEST_JOB,
    async () => {
      const sent = await sendDigests(db, mailer, origin);
      if (sent > 0) log.info({ sent }, 'morning e-mails sent');
    },
    { retryLimit: 1, retryDelay: 60, quiet: true },
  );
  return { start: () => jobs.schedule(DIGEST_JOB, '*/5 * * * *') };
}
