import { defineSharedArea } from '../area.js';

export const tasksArea = defineSharedArea({
  realtime: { seenByAll: true },
  notifications: {
    task_assigned: { label: 'Task given to you', audiences: ['owner'] },
    task_due: { label: 'Task or appointment coming up', audiences: ['owner'] },
  },
});
