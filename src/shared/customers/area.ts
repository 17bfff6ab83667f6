import { defineSharedArea } from '../area.js';

export const customersArea = defineSharedArea({
  realtime: { seenByAll: true },
  notifications: {
    customer_created: { label: 'New customer', audiences: ['owner'] },
    customer_assigned: { label: 'Customers given to you', audiences: ['owner'] },
  },
});
