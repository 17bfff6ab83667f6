import { lazy, Suspense, useEffect } from 'react';
import type { ToasterProps } from 'sonner';
import { toastOutletMounted, useToastOutletWanted } from '@/lib/toast';

const Toaster = lazy(() =>
  import('@/components/ui/sonner').then(({ Toaster }) => ({
    default: function ListeningToaster(props: ToasterProps) {
      // Sonner subscribes in its own effect, which runs before this one: from here on no toast is missed.
      useEffect(toastOutletMounted, []);
      return <Toaster {...props} />;
    },
  })),
);

/** Where toasts appear. Nothing is loaded until the first toast is asked for (see `lib/toast`). */
export function ToastOutlet({ theme }: { theme: ToasterProps['theme'] }) {
  if (!useToastOutletWanted()) return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme={theme} position="top-right" offset={{ top: 64 }} mobileOffset={{ top: 64 }} />
    </Suspense>
  );
}
