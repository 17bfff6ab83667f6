export { AddTaskButton } from './add-task-button';
export { CustomerTasksCard } from './customer-tasks-card';
export { describeTaskEntry } from './timeline';
export { NextTaskText } from './next-task-text';
export { TodayTasksCard } from './today-tasks-card';
export { MorningEmailCard } from './morning-email-card';
