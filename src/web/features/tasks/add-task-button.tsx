import { useState, type ComponentProps } from 'react';
import { CalendarPlus, ListPlus } from 'lucide-react';
import type { TaskPrefill } from '@shared/tasks/form';
import { Button } from '@/components/ui/button';
import { TaskFormDialog } from './task-form-dialog';

/**
 * 'Add task' on a customer's, deal's or lead's page: the form, filled in with what the page is about; with
 * `prefill.type` 'appointment', 'Book appointment'.
 */
export function AddTaskButton({
  prefill,
  variant = 'outline',
  size,
}: {
  prefill: TaskPrefill;
  variant?: ComponentProps<typeof Button>['variant'];
  size?: ComponentProps<typeof Button>['size'];
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} size={size} onClick={() => setOpen(true)}>
        {prefill.type === 'appointment' ? (
          <>
            <CalendarPlus /> Book appointment
          </>
        ) : (
          <>
            <ListPlus /> Add task
          </>
        )}
      </Button>
      <TaskFormDialog open={open} onOpenChange={setOpen} prefill={prefill} />
    </>
  );
}
