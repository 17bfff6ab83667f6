import { defineSharedArea } from '../area.js';

export const consentArea = defineSharedArea({
  notifications: { sms_reply_flagged: { label: 'Text reply to read', audiences: ['owner', 'admins'] } },
});
