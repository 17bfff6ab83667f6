export { AddTaskButton } from './add-task-button';
export { CustomerTasksCard } from './customer-tasks-card';
export { describeTaskEntry } from './timeline';
