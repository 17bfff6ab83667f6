import { useState, type ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
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

export type ConfirmDialogProps = {
  title: string;
  description: ReactNode;
  /** The confirming button's words, and its words while the action runs. */
  confirmLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  /** Shown when the action fails without a message of its own. */
  fallbackError: string;
  onConfirm: () => Promise<unknown>;
  /** Opens the dialog; leave it out and control `open` instead. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

/**
 * Asks before an action. The dialog stays open while the action runs, and when the server refuses it shows why
 * instead of closing.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  pendingLabel,
  destructive,
  fallbackError,
  onConfirm,
  trigger,
  open: controlled,
  onOpenChange,
}: ConfirmDialogProps) {
  const [uncontrolled, setUncontrolled] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const open = controlled ?? uncontrolled;
  const setOpen = (next: boolean) => {
    setUncontrolled(next);
    onOpenChange?.(next);
    setRefused(null);
  };

  const confirm = async () => {
    setBusy(true);
    setRefused(null);
    try {
      await onConfirm();
      setOpen(false);
    } catch (error) {
      setRefused(errorMessage(error, fallbackError));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
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
          <Button variant={destructive ? 'destructive' : 'default'} onClick={confirm} disabled={busy}>
            {busy && <Loader2 className="animate-spin" />}
            {busy ? pendingLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
