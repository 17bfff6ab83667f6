import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useTasks } from './api';
import { TaskList } from './task-list';

/** The top of the dashboard: the caller's open tasks due up to today, the overdue first, and the way to My Tasks. */
export function TodayTasksCard() {
  const tasks = useTasks('due', {}, 5);
  return (
    <Card className="gap-2">
      <CardHeader>
        <CardTitle>Today</CardTitle>
        <CardDescription>Your overdue tasks and those due today</CardDescription>
        <CardAction>
          <Button variant="outline" size="sm" asChild>
            <Link to="/tasks">All my tasks</Link>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="px-0">
        <TaskList tasks={tasks} label="Due today and overdue" empty="Nothing due today." />
      </CardContent>
    </Card>
  );
}
