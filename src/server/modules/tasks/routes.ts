import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams } from '../../../shared/common/fields.js';
import {
  taskCompletionSchema,
  taskFilterSchema,
  taskInputSchema,
  digestInputSchema,
  taskCalendarQuerySchema,
  taskListQuerySchema,
  taskUpdateSchema,
} from '../../../shared/tasks/schemas.js';
import {
  calendarFeedSchema,
  digestSchema,
  taskCalendarSchema,
  taskPageSchema,
  taskSchema,
  taskSummarySchema,
} from '../../../shared/tasks/types.js';
import { actorOf } from '../../auth/actor.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/connection.js';
import { originOf } from '../../http/origin.js';
import type { TypeProvider } from '../../http/serializer.js';
import type { Mailer } from '../../mail/mailer.js';
import {
  customerPlanSchema,
  planInputSchema,
  planListSchema,
  planSchema,
  planStartSchema,
  planUpdateSchema,
} from '../../../shared/tasks/plans.js';
import { digestOf, setDigest } from './digest.js';
import { createPlan, customerPlan, deletePlan, listPlans, startPlan, stopPlanByHand, updatePlan } from './plans.js';
import { FEED_FILE, feedCalendar, feedOf, makeFeed, removeFeed } from './feed.js';
import {
  calendarTasks,
  completeTask,
  createTask,
  deleteTask,
  getTask,
  listTasks,
  reopenTask,
  summarizeTasks,
  updateTask,
} from './service.js';

export async function tasksRoutes(
  app: FastifyInstance,
  { database, mailer, config }: { database: Database; mailer: Mailer; config: Config },
) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = database;

  r.get(
    '/api/tasks/calendar',
    { schema: { querystring: taskCalendarQuerySchema, response: { 200: taskCalendarSchema } } },
    (request) => calendarTasks(db, actorOf(request), request.query),
  );

  // The caller's morning e-mail of their day.
  r.get('/api/tasks/digest', { schema: { response: { 200: digestSchema } } }, (request) => digestOf(db, actorOf(request)));
  r.put('/api/tasks/digest', { schema: { body: digestInputSchema, response: { 200: digestSchema } } }, (request) =>
    setDigest(db, actorOf(request), request.body.enabled),
  );

  // The caller's private calendar feed: whether there is one; a new address (replacing the old); none.
  r.get('/api/calendar-feed', { schema: { response: { 200: calendarFeedSchema } } }, (request) => feedOf(db, actorOf(request)));
  r.post('/api/calendar-feed', { schema: { response: { 201: calendarFeedSchema } } }, async (request, reply) =>
    reply.status(201).send(await makeFeed(db, actorOf(request), originOf(config, request))),
  );
  r.delete('/api/calendar-feed', async (request, reply) => {
    await removeFeed(db, actorOf(request));
    return reply.status(204).send();
  });

  // The feed's address is its permission: calendar programs fetch it from anywhere, without signing in.
  const feedParams = z.object({ file: z.string().regex(FEED_FILE, 'Not found') });
  r.get('/api/calendar-feeds/:file', { config: { public: true }, schema: { params: feedParams } }, async (request, reply) => {
    const token = FEED_FILE.exec(request.params.file)![1]!;
    const calendar = await feedCalendar(db, token, originOf(config, request));
    if (calendar === null)
      return reply.status(404).type('text/plain; charset=utf-8').send('This calendar address no longer works.');
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(calendar);
  });

  // Action plans: admins define them; anyone starts one on a customer they work with.
  r.get('/api/action-plans', { schema: { response: { 200: planListSchema } } }, () => listPlans(db));
  r.post('/api/action-plans', { schema: { body: planInputSchema, response: { 201: planSchema } } }, async (request, reply) =>
    reply.status(201).send(await createPlan(db, actorOf(request), request.body)),
  );
  r.put(
    '/api/action-plans/:id',
    { schema: { params: idParams, body: planUpdateSchema, response: { 200: planSchema } } },
    (request) => updatePlan(db, actorOf(request), request.params.id, request.body),
  );
  r.delete('/api/action-plans/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deletePlan(db, actorOf(request), request.params.id);
    return reply.status(204).send();
  });

  // A customer's plan: the latest (running or stopped); start one; stop the running one.
  r.get('/api/customers/:id/action-plan', { schema: { params: idParams, response: { 200: customerPlanSchema } } }, (request) =>
    customerPlan(db, actorOf(request), request.params.id),
  );
  r.post(
    '/api/customers/:id/action-plan',
    { schema: { params: idParams, body: planStartSchema, response: { 201: customerPlanSchema } } },
    async (request, reply) =>
      reply.status(201).send(await startPlan(db, actorOf(request), request.params.id, request.body.plan_id)),
  );
  r.delete('/api/customers/:id/action-plan', { schema: { params: idParams } }, async (request, reply) => {
    await stopPlanByHand(db, actorOf(request), request.params.id);
    return reply.status(204).send();
  });

  r.get('/api/tasks', { schema: { querystring: taskListQuerySchema, response: { 200: taskPageSchema } } }, (request) =>
    listTasks(db, actorOf(request), request.query),
  );

  r.get('/api/tasks/summary', { schema: { querystring: taskFilterSchema, response: { 200: taskSummarySchema } } }, (request) =>
    summarizeTasks(db, actorOf(request), request.query),
  );

  r.post('/api/tasks', { schema: { body: taskInputSchema, response: { 201: taskSchema } } }, async (request, reply) => {
    const task = await createTask(db, mailer, actorOf(request), request.body);
    return reply.status(201).send(task);
  });

  r.get('/api/tasks/:id', { schema: { params: idParams, response: { 200: taskSchema } } }, (request) =>
    getTask(db, actorOf(request), request.params.id),
  );

  r.put('/api/tasks/:id', { schema: { params: idParams, body: taskUpdateSchema, response: { 200: taskSchema } } }, (request) =>
    updateTask(db, mailer, actorOf(request), request.params.id, request.body),
  );

  r.post(
    '/api/tasks/:id/complete',
    { schema: { params: idParams, body: taskCompletionSchema, response: { 200: taskSchema } } },
    (request) => completeTask(db, mailer, actorOf(request), request.params.id, request.body),
  );

  r.post('/api/tasks/:id/reopen', { schema: { params: idParams, response: { 200: taskSchema } } }, (request) =>
    reopenTask(db, mailer, actorOf(request), request.params.id),
  );

  r.delete('/api/tasks/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteTask(db, mailer, actorOf(request), request.params.id);
    return reply.status(204).send();
  });
}
