import { useEffect } from 'react';
import { toast } from 'sonner';

/** The spec's toasts are a title and a description; destructive ones are error style. */
export function notifySuccess(title: string, description?: string) {
  toast.success(title, { description });
}

/** A notification arriving while the app is open: its title and content. */
export function notifyInfo(title: string, description?: string) {
  toast(title, { description });
}

export function notifyError(title: string, description?: string) {
  toast.error(title, { description });
}

/** The error toast for a screen's query, once each time it fails ('Failed to fetch customers'). */
export function useFailureToast(failed: boolean, description: string) {
  useEffect(() => {
    if (failed) notifyError('Error', description);
  }, [failed, description]);
}
