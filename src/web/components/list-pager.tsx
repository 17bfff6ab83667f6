import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * Previous/next for a keyset-paged list. The cursors of the pages already seen are the page history, kept by the
 * screen in its query string so a reload or a shared link opens the same page.
 */
export function ListPager({
  hasPrevious,
  nextCursor,
  onPrevious,
  onNext,
  label,
}: {
  hasPrevious: boolean;
  nextCursor: string | null | undefined;
  onPrevious: () => void;
  onNext: (cursor: string) => void;
  label?: string;
}) {
  if (!hasPrevious && !nextCursor) return null;
  return (
    <nav className="flex items-center justify-between gap-2 pt-4" aria-label="Pages">
      <span className="text-muted-foreground text-sm">{label}</span>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={!hasPrevious} onClick={onPrevious}>
          <ChevronLeft /> Previous
        </Button>
        <Button variant="outline" size="sm" disabled={!nextCursor} onClick={() => nextCursor && onNext(nextCursor)}>
          Next <ChevronRight />
        </Button>
      </div>
    </nav>
  );
}
