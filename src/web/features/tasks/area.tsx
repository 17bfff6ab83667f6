import type { WebArea } from '@/lib/area';
import { ListTodo } from 'lucide-react';
import { lazyNamed } from '@/lib/area';
import { keys } from '@/lib/query-keys';

const TasksPage = lazyNamed(() => import('./tasks-page'), 'TasksPage');

export const tasksArea: WebArea = {
  routes: [{ path: 'tasks', element: <TasksPage /> }],
  // A salesperson's day starts here: right after the dashboard.
  nav: [{ to: '/tasks', label: 'My Tasks', icon: ListTodo, position: 15 }],
  // A task's change also writes its customer's timeline.
  refreshOn: { tasks: [keys.tasks.all, keys.customers.all] },
};
