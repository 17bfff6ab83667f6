import { defineSharedArea } from '../area.js';

export const vehiclesArea = defineSharedArea({ realtime: { seenByAll: true } });
