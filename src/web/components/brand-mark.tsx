import { cn } from '@/lib/utils';

/** Torque's mark: a gauge needle on a rounded square. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="7" className="fill-primary" />
      <path
        d="M8 21.5a8 8 0 1 1 16 0"
        fill="none"
        className="stroke-primary-foreground"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
      <path d="M16 21.5l5-6" className="stroke-primary-foreground" strokeWidth="2.6" strokeLinecap="round" />
      <circle cx="16" cy="21.5" r="2" className="fill-primary-foreground" />
    </svg>
  );
}
