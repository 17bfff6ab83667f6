import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';

export const steps = ['upload', 'parent', 'minor', 'complete'] as const;
export type Step = (typeof steps)[number];
export const stepLabels: Record<Step, string> = {
  upload: 'Upload Document',
  parent: 'Parent Signature',
  minor: 'Minor Signature',
  complete: 'Complete',
};

/** The spec's four steps, each pending, active or complete. */
export function StepProgress({ current }: { current: Step }) {
  const at = steps.indexOf(current);
  return (
    <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Progress">
      {steps.map((step, index) => {
        const state = index < at ? 'complete' : index === at ? 'active' : 'pending';
        return (
          <li
            key={step}
            aria-current={state === 'active' ? 'step' : undefined}
            data-state={state}
            className={cn(
              'flex items-center gap-2 rounded-md border p-3 text-sm',
              state === 'active' && 'border-primary bg-primary/5 font-medium',
              state === 'pending' && 'text-muted-foreground',
            )}
          >
            <span
              className={cn(
                'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs',
                state === 'complete' && 'bg-primary text-primary-foreground border-primary',
                state === 'active' && 'border-primary text-primary',
              )}
              aria-hidden
            >
              {state === 'complete' ? <Check className="size-3.5" /> : index + 1}
            </span>
            <span>
              {stepLabels[step]}
              <span className="sr-only">, {state}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
