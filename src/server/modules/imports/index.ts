import { sql, type SqlBool } from 'kysely';
import { defineArea } from '../../platform/area.js';
import { visibleTo } from '../../auth/scope.js';
import { owned } from '../../platform/export-rules.js';
import { importsRoutes } from './routes.js';

export const importsArea = defineArea({
  name: 'imports',
  routes: importsRoutes,
  exportTables: {
    import_changes: {
      scope: (actor) =>
        sql<SqlBool>`EXISTS (SELECT 1 FROM imports i WHERE i.id = t.import_id AND ${visibleTo(actor, 'i.user_id')})`,
    },
    imports: {
      scope: owned('user_id'),
      omit: { source_rows: 'the uploaded file’s rows, kept only while the import waits for its run' },
    },
  },
});
