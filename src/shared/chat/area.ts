import { defineSharedArea } from '../area.js';

export const chatArea = defineSharedArea({
  notifications: { chat_mention: { label: '@mention in chat', audiences: ['owner'] } },
});
