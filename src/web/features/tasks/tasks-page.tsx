import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Plus } from 'lucide-react';
import { taskViewLabels, taskViews, type TaskView } from '@shared/tasks/schemas';
import type { TaskSummary } from '@shared/tasks/types';
import { seesAllRecords } from '@shared/users/roles';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentSession } from '@/features/auth/api';
import { formatDate } from '@/lib/format';
import { useTaskSummary, useTasks } from './api';
import { TaskFormDialog } from './task-form-dialog';
import { AssigneeFilter } from './assignee-filter';
import { TaskList } from './task-list';

const emptyMessages: Record<TaskView, string> = {
  overdue: 'Nothing overdue. Well done.',
  today: 'Nothing due today. Press N to add a task.',
  upcoming: 'Nothing planned yet. Press N to add a task.',
  done: 'No tasks done yet.',
};
const counted: Record<TaskView, keyof TaskSummary> = {
  overdue: 'overdue',
  today: 'due_today',
  upcoming: 'upcoming',
  done: 'done',
};

/** True when a key press is meant for a field, not for the page's shortcuts. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** My Tasks: overdue, today, upcoming and done; the team's for admins and editors. N adds a task. */
export function TasksPage() {
  const { user } = useCurrentSession();
  const team = seesAllRecords(user.role);
  const [params, setParams] = useSearchParams();
  const requested = params.get('view') as TaskView | null;
  const view: TaskView = requested && taskViews.includes(requested) ? requested : 'today';
  const assignee = (team && params.get('assignee')) || 'me';
  const [adding, setAdding] = useState(false);
  const filter = { assignee };
  const tasks = useTasks(view, filter);
  const summary = useTaskSummary(filter);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'n' || event.metaKey || event.ctrlKey || event.altKey || typing(event.target)) return;
      if (document.querySelector('[role="dialog"]')) return;
      event.preventDefault();
      setAdding(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const setParam = (key: string, value: string, fallback: string) => {
    const next = new URLSearchParams(params);
    if (value === fallback) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };

  return (
    <div className="grid gap-6">
      <PageHeader
        title="My Tasks"
        description={
          summary.data ? `Today is ${formatDate(summary.data.today)} in the company's time zone` : 'Your day, in order'
        }
        actions={
          <>
            {team && <AssigneeFilter value={assignee} onChange={(value) => setParam('assignee', value, 'me')} />}
            <Button onClick={() => setAdding(true)} aria-keyshortcuts="n">
              <Plus /> Add task
              <kbd className="bg-primary-foreground/20 ml-1 hidden rounded px-1.5 text-xs font-medium sm:inline">N</kbd>
            </Button>
          </>
        }
      />
      <Card className="gap-0 py-0">
        <Tabs value={view} onValueChange={(next) => setParam('view', next, 'today')}>
          <div className="overflow-x-auto border-b px-4 py-3 sm:px-6">
            <TabsList aria-label="Sections">
              {taskViews.map((v) => (
                <TabsTrigger key={v} value={v}>
                  {taskViewLabels[v]}
                  {summary.data && (
                    <span
                      className={
                        v === 'overdue' && summary.data.overdue > 0
                          ? 'bg-destructive rounded-full px-1.5 text-xs text-white'
                          : 'text-muted-foreground text-xs'
                      }
                    >
                      {v === 'done' && summary.data.done_capped
                        ? `${summary.data.done.toLocaleString('en-US')}+`
                        : summary.data[counted[v]].toLocaleString('en-US')}
                    </span>
                  )}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
          <TabsContent value={view}>
            <CardContent className="px-0">
              <TaskList
                tasks={tasks}
                label={`${taskViewLabels[view]} tasks`}
                empty={emptyMessages[view]}
                showAssignee={assignee !== 'me'}
              />
            </CardContent>
          </TabsContent>
        </Tabs>
      </Card>
      <TaskFormDialog open={adding} onOpenChange={setAdding} />
    </div>
  );
}
