import type { FastifyInstance } from 'fastify';
import { idParams } from '../../../shared/common/fields.js';
import {
  taskCompletionSchema,
  taskFilterSchema,
  taskInputSchema,
  taskListQuerySchema,
  taskUpdateSchema,
} from '../../../shared/tasks/schemas.js';
import { taskPageSchema, taskSchema, taskSummarySchema } from '../../../shared/tasks/types.js';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import type { TypeProvider } from '../../http/serializer.js';
import type { Mailer } from '../../mail/mailer.js';
import { completeTask, createTask, deleteTask, getTask, listTasks, reopenTask, summarizeTasks, updateTask } from './service.js';

export async function tasksRoutes(app: FastifyInstance, { database, mailer }: { database: Database; mailer: Mailer }) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = database;

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
