import { defineSharedArea } from '../area.js';

// Only admins read the outbox; an editor's tab has no outbox list for the event to refresh.
export const outboxArea = defineSharedArea({ realtime: { seenByAll: true } });
