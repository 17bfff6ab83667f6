import type { WebArea } from '@/lib/area';
import { CalendarDays, ListTodo } from 'lucide-react';
import { lazyNamed } from '@/lib/area';
import { tasksApi } from '@shared/tasks/api';
import { customersApi } from '@shared/customers/api';
import { areaKey } from '@/lib/contract';

const TasksPage = lazyNamed(() => import('./tasks-page'), 'TasksPage');
const CalendarPage = lazyNamed(() => import('./calendar-page'), 'CalendarPage');
const ActionPlansCard = lazyNamed(() => import('./action-plans-card'), 'ActionPlansCard');
const CustomerTasksCard = lazyNamed(() => import('./customer-tasks-card'), 'CustomerTasksCard');
const CustomerPlanCard = lazyNamed(() => import('./customer-plan-card'), 'CustomerPlanCard');

export const tasksArea: WebArea = {
  routes: [
    { path: 'tasks', element: <TasksPage /> },
    { path: 'calendar', element: <CalendarPage /> },
  ],
  // A salesperson's day starts here: right after the dashboard.
  nav: [
    { to: '/tasks', label: 'My Tasks', icon: ListTodo, position: 15 },
    { to: '/calendar', label: 'Calendar', icon: CalendarDays, position: 16 },
  ],
  // A task's change also writes its customer's timeline.
  refreshOn: { tasks: [areaKey(tasksApi), areaKey(customersApi)] },
  settingsCards: [{ position: 80, element: <ActionPlansCard />, shownTo: 'editSettings' }],
  customerCards: [
    { position: 30, render: (c) => <CustomerTasksCard customerId={c.id} customerName={c.name} /> },
    { position: 40, render: (c) => <CustomerPlanCard customerId={c.id} /> },
  ],
};
