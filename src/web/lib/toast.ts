import { toast } from 'sonner';

/** The spec's toasts are a title and a description; destructive ones are error style. */
export function notifySuccess(title: string, description?: string) {
  toast.success(title, { description });
}

export function notifyError(title: string, description?: string) {
  toast.error(title, { description });
}
