export { ActionPlansCard } from './action-plans-card';
export { AddTaskButton } from './add-task-button';
export { CustomerPlanCard } from './customer-plan-card';
export { CustomerTasksCard } from './customer-tasks-card';
export { describeTaskEntry } from './timeline';
export { NextTaskText } from './next-task-text';
export { TodayTasksCard } from './today-tasks-card';
export { MorningEmailCard } from './morning-email-card';
