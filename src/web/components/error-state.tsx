import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';

/**
 * What a screen shows when loading failed: never an empty list or endless 'Loading...'. The message says what failed;
 * a refusal the server explained (a filter it cannot read) shows that reason. Retry asks again.
 */
export function ErrorState({ message, error, onRetry }: { message: string; error?: unknown; onRetry: () => void }) {
  const reason = errorMessage(error, '');
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
      <AlertTriangle className="text-destructive size-6" aria-hidden />
      <p className="font-medium">{message}</p>
      {reason && reason !== message && <p className="text-muted-foreground max-w-md text-sm">{reason}</p>}
      <Button variant="outline" onClick={onRetry}>
        <RotateCw /> Retry
      </Button>
    </div>
  );
}
