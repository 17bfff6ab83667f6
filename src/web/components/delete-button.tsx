import type { ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from './confirm-dialog';

/**
 * A Delete button that asks first. The dialog says what happens to linked records; it stays open while deleting, and
 * when the server refuses (a vehicle still on a deal) it shows why instead of closing.
 */
export function DeleteButton({
  title,
  description,
  onDelete,
  trigger,
}: {
  title: string;
  description: ReactNode;
  onDelete: () => Promise<unknown>;
  /** What opens the dialog; an outlined 'Delete' button unless given. */
  trigger?: ReactNode;
}) {
  return (
    <ConfirmDialog
      title={title}
      description={description}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      destructive
      fallbackError="Could not delete. Please try again."
      onConfirm={onDelete}
      trigger={
        trigger ?? (
          <Button variant="outline" className="text-destructive hover:text-destructive">
            <Trash2 /> Delete
          </Button>
        )
      }
    />
  );
}
