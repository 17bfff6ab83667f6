import { Loader2 } from 'lucide-react';
import { BrandMark } from './brand-mark';

/** A centred full-screen message for the moments before a screen can show anything. */
export function LoadingScreen({ message }: { message: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-svh flex-col items-center justify-center gap-3">
      <Loader2 className="text-primary size-8 animate-spin" aria-hidden />
      <p className="text-muted-foreground text-sm">{message}</p>
    </div>
  );
}

/** Shown while the signed-in workspace loads for the first time. */
export function WorkspaceLoading() {
  return (
    <div role="status" aria-live="polite" className="flex min-h-svh flex-col items-center justify-center gap-4">
      <BrandMark className="size-12" />
      <p className="text-lg font-medium">
        Initializing your workspace
        <span className="loading-dots" aria-hidden>
          <span>.</span>
          <span>.</span>
          <span>.</span>
        </span>
      </p>
    </div>
  );
}

/** Inline loading words inside a page ('Loading customers...'). */
export function InlineLoading({ message }: { message: string }) {
  return (
    <p role="status" className="text-muted-foreground flex items-center justify-center gap-2 py-10 text-sm">
      <Loader2 className="size-4 animate-spin" aria-hidden />
      {message}
    </p>
  );
}
