import { useEffect, useSyncExternalStore } from 'react';

type Toasts = typeof import('sonner').toast;

/**
 * Sonner and its outlet load with the first toast, so the sign-in screen's first paint does not wait for them. The
 * outlet (`ToastOutlet`) is mounted then; a toast is handed to Sonner only once the outlet listens, so none is lost.
 */
const outlet = { wanted: false, listeners: new Set<() => void>(), mounted: () => {} };
const outletMounted = new Promise<void>((resolve) => (outlet.mounted = resolve));
let toasts: Promise<Toasts> | null = null;

/** Starts loading Sonner and its outlet; a screen about to toast (sign-in, on the button's press) calls it early. */
export function prepareToasts(): Promise<Toasts> {
  if (!toasts) {
    outlet.wanted = true;
    outlet.listeners.forEach((listener) => listener());
    toasts = Promise.all([import('sonner'), outletMounted]).then(([sonner]) => sonner.toast);
  }
  return toasts;
}

function show(present: (toast: Toasts) => void) {
  void prepareToasts().then(present);
}

/** Whether a toast has been asked for yet, for the outlet. */
export function useToastOutletWanted() {
  return useSyncExternalStore(
    (listener) => {
      outlet.listeners.add(listener);
      return () => outlet.listeners.delete(listener);
    },
    () => outlet.wanted,
  );
}

/** Called by the outlet once Sonner's Toaster is mounted and listening. */
export const toastOutletMounted = () => outlet.mounted();

/** The spec's toasts are a title and a description; destructive ones are error style. */
export function notifySuccess(title: string, description?: string) {
  show((toast) => toast.success(title, { description }));
}

/** A notification arriving while the app is open: its title and content. */
export function notifyInfo(title: string, description?: string) {
  show((toast) => toast(title, { description }));
}

export function notifyError(title: string, description?: string) {
  show((toast) => toast.error(title, { description }));
}

/** The error toast for a screen's query, once each time it fails ('Failed to fetch customers'). */
export function useFailureToast(failed: boolean, description: string) {
  useEffect(() => {
    if (failed) notifyError('Error', description);
  }, [failed, description]);
}
