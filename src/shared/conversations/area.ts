import { defineSharedArea } from '../area.js';

export const conversationsArea = defineSharedArea({ realtime: { seenByAll: true } });
