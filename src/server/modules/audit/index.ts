import { defineArea } from '../../platform/area.js';

export const auditArea = defineArea({
  name: 'audit',
  exportTables: { audit_log: {} },
});
