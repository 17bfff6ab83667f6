import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Shown on an edit screen once someone else has saved the record: what the user typed stays until they reload. */
export function ChangedElsewhere({ what, onReload }: { what: string; onReload: () => void }) {
  return (
    <div
      role="alert"
      className="border-warning bg-warning/10 flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2 text-sm">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          Someone else changed this {what} after you opened it. What you typed is still here and has not been saved. Reload to see
          the latest version; your changes here will be replaced.
        </span>
      </p>
      <Button variant="outline" size="sm" onClick={onReload} className="shrink-0">
        <RefreshCw /> Reload
      </Button>
    </div>
  );
}
