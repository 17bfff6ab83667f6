import { defineSharedArea } from '../area.js';

export const teamArea = defineSharedArea({
  realtime: { seenByAll: true },
  notifications: { invitation_accepted: { label: 'Invitation accepted', audiences: ['owner'] } },
});
