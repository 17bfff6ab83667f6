export { ActionPlansCard } from './action-plans-card';
export { AddTaskButton } from './add-task-button';
export { describeTaskEntry } from './timeline';
export { NextTaskText } from './next-task-text';
export { TodayTasksCard } from './today-tasks-card';
export { MorningEmailCard } from './morning-email-card';
