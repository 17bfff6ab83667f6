import { defineSharedArea } from '../area.js';

export const dealsArea = defineSharedArea({
  realtime: { seenByAll: true },
  notifications: {
    deal_created: { label: 'New deal', audiences: ['owner', 'admins'] },
    deal_assigned: { label: 'Deal reassigned', audiences: ['owner'] },
    deal_completed: { label: 'Deal completed', audiences: ['owner', 'admins', 'editors'] },
  },
});
