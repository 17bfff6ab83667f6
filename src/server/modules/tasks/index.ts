import { defineArea } from '../../platform/area.js';
import { sql, type SqlBool } from 'kysely';
import { ofRecord, owned, personal } from '../../platform/export-rules.js';
import {
  DIGEST_JOB,
  FOLLOW_UP_JOB,
  PLAN_STEPS_JOB,
  registerDigestJob,
  registerFollowUpJob,
  registerPlanStepsJob,
  registerReminderJob,
  REMINDER_JOB,
} from './jobs.js';
import { handOverOpenTasks } from './hand-over.js';
import { stopPlans } from './plans.js';
import { tasksRoutes } from './routes.js';
import { taskVisible } from './service.js';

/**
 * What other areas use of tasks: its front door. The mailbox reader hands it the calendar replies it reads; deals and
 * leads start plans and add the tasks a sale or a lead calls for.
 */
export { answerInvitation, type ReplyMail } from './answers.js';
export { startPlanOn, stopPlans } from './plans.js';
export { addDeliveryFollowUps, addFirstResponseTask, closeAnsweredLeadTasks } from './rules.js';

export const tasksArea = defineArea({
  name: 'tasks',
  routes: tasksRoutes,
  jobs: [
    { name: FOLLOW_UP_JOB, register: ({ jobs, database, log }) => registerFollowUpJob(jobs, database.db, log) },
    { name: PLAN_STEPS_JOB, register: ({ jobs, database, log }) => registerPlanStepsJob(jobs, database.db, log) },
    {
      name: REMINDER_JOB,
      register: ({ jobs, database, mailer, webhooks, log }) => registerReminderJob(jobs, database.db, { mailer, webhooks }, log),
    },
    {
      name: DIGEST_JOB,
      register: ({ jobs, database, mailer, config, log }) => registerDigestJob(jobs, database.db, mailer, config.publicUrl, log),
    },
  ],
  changes: ['tasks'],
  handles: {
    // A lost customer's plan stops; one who answers is talking to their agent, and their plan stops too.
    customerLost: async (tx, { actor, customerIds }) => void (await stopPlans(tx, actor, customerIds, 'lost')),
    customersAnswered: async (tx, { customerIds }) => void (await stopPlans(tx, null, customerIds, 'answered')),
    // Open tasks and the running plan follow a customer to their new agent.
    customersReassigned: async (tx, { customers, toUserId }) => void (await handOverOpenTasks(tx, customers, toUserId)),
  },
  exportTables: {
    tasks: { scope: (actor) => taskVisible(actor, 't') },
    // The kept show-rate counts, as tasks are seen: the actor's appointments and their customers'.
    appointment_outcomes_daily: {
      scope: (actor) => sql<SqlBool>`(${owned('assignee_id')(actor)} OR ${owned('owner_id')(actor)})`,
    },
    calendar_feeds: { scope: personal('user_id'), omit: { token_hash: 'the hash of a secret address' } },
    task_digests: { scope: personal('user_id') },
    // Company configuration, as the settings are: admins' exports only.
    action_plans: {},
    plan_runs: { scope: ofRecord('customers', 'customer_id') },
  },
});
