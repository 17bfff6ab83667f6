import { defineSharedArea } from '../area.js';

export const leadsArea = defineSharedArea({
  realtime: { seenByAll: true },
  notifications: {
    lead_received: { label: 'New lead', audiences: ['owner', 'admins'] },
    lead_unanswered: { label: 'Lead waiting for an answer', audiences: ['admins'] },
  },
});
