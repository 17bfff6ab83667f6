import { defineSharedArea } from '../area.js';

export const emailsArea = defineSharedArea({ realtime: { seenByAll: false } });
