import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { DatesSetArg, EventApi, EventInput } from '@fullcalendar/core';
import { Plus } from 'lucide-react';
import { addDays, dayIn, timeIn } from '@shared/common/time';
import { customerAnswerLabels } from '@shared/tasks/appointment-mail';
import { taskToForm } from '@shared/tasks/form';
import { taskUpdateSchema } from '@shared/tasks/schemas';
import type { Task } from '@shared/tasks/types';
import { seesAllRecords } from '@shared/users/roles';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useCurrentSession } from '@/features/auth/api';
import { useIsMobile } from '@/hooks/use-mobile';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useCalendarTasks, useMoveTask } from './api';
import { AssigneeFilter } from './assignee-filter';
import { CalendarFeedButton } from './calendar-feed';
import { TaskFormDialog } from './task-form-dialog';

/*
 * The calendar shows the company's clock whatever the browser's zone: FullCalendar runs in UTC and is given each
 * task's day and local time as if they were UTC ('2026-11-28T10:30'), and "now" as the company's wall time.
 */

/** A wall time as FullCalendar reads it: YYYY-MM-DDTHH:MM. */
const wall = (day: string, time: string) => `${day}T${time.slice(0, 5)}`;
/** `minutes` after a wall time, as a wall time. */
const later = (at: string, minutes: number) => new Date(Date.parse(`${at}:00Z`) + minutes * 60_000).toISOString().slice(0, 16);

/**
 * FullCalendar marks its arrow glyphs as images with no name inside buttons that have one ('Next week'): they are
 * decoration, so screen readers are told to skip them, each time its toolbar is drawn.
 */
function unnamedIcons(element: HTMLElement | null) {
  if (!element) return;
  const hide = () =>
    element.querySelectorAll('.fc-icon[role="img"]').forEach((icon) => {
      icon.removeAttribute('role');
      icon.setAttribute('aria-hidden', 'true');
    });
  hide();
  const observer = new MutationObserver(hide);
  observer.observe(element, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/** A task on the calendar: an appointment for its length, another with a time for half an hour, one without all day. */
function eventOf(task: Task, showAssignee: boolean): EventInput {
  const done = task.view === 'done';
  const start = task.due_time ? wall(task.due_date, task.due_time) : task.due_date;
  return {
    id: task.id,
    title: [
      task.title,
      task.customer_name,
      ...(showAssignee ? [task.assignee_name] : []),
      // The customer's answer to the invitation, as My Tasks shows it.
      ...(task.type === 'appointment' && task.customer_answer ? [customerAnswerLabels[task.customer_answer]] : []),
    ].join(' · '),
    start,
    end: task.due_time ? later(start, task.duration_minutes ?? 30) : undefined,
    allDay: !task.due_time,
    // Done tasks stay where they were; only an appointment's length can be dragged.
    editable: !done,
    durationEditable: !done && task.type === 'appointment',
    classNames: [
      done ? 'torque-event-done' : '',
      task.type === 'appointment' ? 'torque-event-appointment' : '',
      task.late ? 'torque-event-overdue' : '',
    ].filter(Boolean),
    extendedProps: { task },
  };
}

/** Where a dragged event now is, as the task's day, time and length. */
function placeOf(event: EventApi) {
  const start = event.start!.toISOString();
  const day = start.slice(0, 10);
  if (event.allDay) return { due_date: day, due_time: null, duration_minutes: null };
  const minutes = event.end ? Math.round((event.end.getTime() - event.start!.getTime()) / 60_000) : null;
  return { due_date: day, due_time: start.slice(11, 16), duration_minutes: minutes };
}

/**
 * The calendar: day, week and month views of my tasks and appointments, and for admins and editors the team's.
 * Dragging an open task moves it (an appointment's customer is sent the change); dragging an appointment's end changes
 * its length. A task opens for editing when clicked.
 */
export function CalendarPage() {
  const { user, timeZone } = useCurrentSession();
  const team = seesAllRecords(user.role);
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const assignee = (team && params.get('assignee')) || 'me';
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [editing, setEditing] = useState<Task | null>(null);
  const [adding, setAdding] = useState(false);
  const tasks = useCalendarTasks(range, assignee);
  const move = useMoveTask();
  const events = useMemo(() => (tasks.data?.items ?? []).map((task) => eventOf(task, assignee !== 'me')), [tasks.data, assignee]);

  const onDatesSet = (arg: DatesSetArg) => {
    const from = arg.start.toISOString().slice(0, 10);
    const to = addDays(arg.end.toISOString().slice(0, 10), -1);
    setRange((current) => (current?.from === from && current.to === to ? current : { from, to }));
  };

  const onMoved = ({ event, revert }: { event: EventApi; revert: () => void }) => {
    const task = event.extendedProps.task as Task;
    const place = placeOf(event);
    const duration = task.type === 'appointment' ? place.duration_minutes : null;
    const edit = taskUpdateSchema.safeParse({
      ...taskToForm(task),
      due_date: place.due_date,
      due_time: place.due_time ?? '',
      duration_minutes: duration,
      updated_at: task.updated_at,
    });
    if (!edit.success) {
      revert();
      notifyError('Not moved', edit.error.issues[0]?.message ?? 'This task cannot go there.');
      return;
    }
    move.mutate(
      { id: task.id, input: edit.data },
      {
        onSuccess: (saved) =>
          notifySuccess(
            'Task moved',
            `${saved.title}: ${saved.due_date}${saved.due_time ? ` ${saved.due_time}` : ''}${
              saved.invitation === 'sent' && saved.invited_at !== task.invited_at ? ' · the customer is sent the change' : ''
            }`,
          ),
        onError: (error) => {
          revert();
          notifyError('Not moved', errorMessage(error, 'Failed to move the task. Please try again.'));
        },
      },
    );
  };

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Calendar"
        description={`Times are the company's (${timeZone}). Drag a task to move it.`}
        actions={
          <>
            {team && (
              <AssigneeFilter
                value={assignee}
                onChange={(value) => {
                  const next = new URLSearchParams(params);
                  if (value === 'me') next.delete('assignee');
                  else next.set('assignee', value);
                  setParams(next, { replace: true });
                }}
              />
            )}
            <CalendarFeedButton />
            <Button onClick={() => setAdding(true)}>
              <Plus /> Add task
            </Button>
          </>
        }
      />
      <Card className="py-0">
        <CardContent ref={unnamedIcons} className="torque-calendar p-2 sm:p-4">
          <FullCalendar
            plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
            timeZone="UTC"
            now={() => wall(dayIn(timeZone), timeIn(timeZone))}
            initialView={mobile ? 'timeGridDay' : 'timeGridWeek'}
            headerToolbar={{ left: 'prev,next today', center: 'title', right: 'timeGridDay,timeGridWeek,dayGridMonth' }}
            buttonText={{ today: 'Today', day: 'Day', week: 'Week', month: 'Month' }}
            height="auto"
            slotMinTime="07:00:00"
            slotMaxTime="21:00:00"
            scrollTime="08:00:00"
            nowIndicator
            firstDay={1}
            allDayText="Any time"
            // A day's tasks of any time fold into '+N more' past three rows, so the hours stay in sight.
            dayMaxEventRows={3}
            events={events}
            datesSet={onDatesSet}
            eventDrop={onMoved}
            eventResize={onMoved}
            eventClick={({ event, jsEvent }) => {
              jsEvent.preventDefault();
              setEditing(event.extendedProps.task as Task);
            }}
            eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
            slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
          />
          <QueryState query={tasks} loadingMessage="Loading the calendar..." failedMessage="The calendar could not be loaded.">
            {(calendar) =>
              calendar.truncated ? (
                <p className="text-muted-foreground mt-2 text-sm">
                  Only the first {calendar.items.length} tasks of these days are shown; choose one person or a shorter view.
                </p>
              ) : null
            }
          </QueryState>
        </CardContent>
      </Card>
      {editing && <TaskFormDialog task={editing} open onOpenChange={(open) => !open && setEditing(null)} />}
      <TaskFormDialog open={adding} onOpenChange={setAdding} />
      <span className="sr-only" aria-live="polite">
        {tasks.data ? `${tasks.data.items.length} tasks shown` : ''}
      </span>
    </div>
  );
}
