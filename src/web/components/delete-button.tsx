import { useState } from 'react';
import { Loader2, Trash2 } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';

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
  description: React.ReactNode;
  onDelete: () => Promise<unknown>;
  /** What opens the dialog; an outlined 'Delete' button unless given. */
  trigger?: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setRefused(null);
    try {
      await onDelete();
      setOpen(false);
    } catch (error) {
      setRefused(errorMessage(error, 'Could not delete. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => (setOpen(next), setRefused(null))}>
      <AlertDialogTrigger asChild>
        {trigger ?? (
          <Button variant="outline" className="text-destructive hover:text-destructive">
            <Trash2 /> Delete
          </Button>
        )}
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-2">{description}</div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        {refused && (
          <p role="alert" className="text-destructive text-sm">
            {refused}
          </p>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={confirm} disabled={busy}>
            {busy && <Loader2 className="animate-spin" />}
            {busy ? 'Deleting...' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
