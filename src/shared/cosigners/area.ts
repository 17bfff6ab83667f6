import { defineSharedArea } from '../area.js';

export const cosignersArea = defineSharedArea({
  notifications: { minor_turns_18: { label: 'A co-signed minor turns 18', audiences: ['owner'] } },
});
