import { defineApi, post } from '../http/contract.js';
import {
  importMappingBodySchema,
  importUploadQuerySchema,
  type ImportReport,
  type ImportRunEvent,
  type ImportUndo,
  type ImportUpload,
} from './schemas.js';

/** The imports' routes the web calls: a file sent, tried on its mapping, run, and undone. */
export const importsApi = defineApi('imports', {
  upload: post('/api/imports', { query: importUploadQuerySchema }).sends<FormData>().returns<ImportUpload>(),
  dryRun: post('/api/imports/:id/dry-run', { body: importMappingBodySchema }).returns<ImportReport>(),
  /** Answers one JSON line per batch as it goes: the web reads the stream itself. */
  run: post('/api/imports/:id/run', { body: importMappingBodySchema }).returns<ImportRunEvent>(),
  undo: post('/api/imports/:id/undo').returns<ImportUndo>(),
});
