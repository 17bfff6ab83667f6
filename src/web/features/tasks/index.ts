export { AddTaskButton } from './add-task-button';
export { CustomerTasksCard } from './customer-tasks-card';
export { describeTaskEntry } from './timeline';
export { TodayTasksCard } from './today-tasks-card';
