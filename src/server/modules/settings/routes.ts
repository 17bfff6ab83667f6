import type { FastifyInstance } from 'fastify';
import { settingsSchema } from '../../../shared/settings/schemas.js';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import type { TypeProvider } from '../../http/serializer.js';
import type { JobQueue } from '../../jobs/queue.js';
import { rescheduleBackup } from '../backup/index.js';
import { getSettings, saveSettings } from '../../platform/settings.js';

export async function settingsRoutes(app: FastifyInstance, { database, jobs }: { database: Database; jobs: JobQueue }) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = database;
  r.get('/api/settings', { schema: { response: { 200: settingsSchema } } }, () => getSettings(db));
  r.put('/api/settings', { schema: { body: settingsSchema, response: { 200: settingsSchema } } }, async (request) => {
    const saved = await saveSettings(db, actorOf(request), request.body);
    // The daily backup follows its time and the company's time zone at once.
    await rescheduleBackup(jobs, saved);
    return saved;
  });
}
