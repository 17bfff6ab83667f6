import type { FastifyInstance } from 'fastify';
import { idParams } from '../../../shared/common/fields.js';
import { dealWorksheetSchema } from '../../../shared/desking/types.js';
import { worksheetSaveSchema } from '../../../shared/desking/worksheet.js';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import type { TypeProvider } from '../../http/serializer.js';
import { getWorksheet, saveWorksheet } from './service.js';

/** A deal's worksheet: read (or the draft it starts with) and saved, by whoever may see and edit the deal. */
export async function deskingRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = database;
  const response = { 200: dealWorksheetSchema };
  r.get('/api/deals/:id/worksheet', { schema: { params: idParams, response } }, (request) =>
    getWorksheet(db, actorOf(request), request.params.id),
  );
  r.put('/api/deals/:id/worksheet', { schema: { params: idParams, body: worksheetSaveSchema, response } }, (request) =>
    saveWorksheet(db, actorOf(request), request.params.id, request.body),
  );
}
