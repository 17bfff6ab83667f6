import { defineSharedArea } from '../area.js';

export const mailboxesArea = defineSharedArea({ realtime: { seenByAll: false } });
