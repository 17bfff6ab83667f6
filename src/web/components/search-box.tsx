import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { useDebouncedText } from '@/hooks/use-debounced-text';
import { cn } from '@/lib/utils';

/** Typing waits this long before the list follows, so each keystroke is not a request. */
const SEARCH_DELAY_MS = 300;

/** A list's search field ('Search customers'): the list follows once typing pauses. */
export function SearchBox({
  value,
  onSearch,
  label,
  placeholder,
  className,
}: {
  value: string;
  onSearch: (q: string) => void;
  /** The field's accessible name. */
  label: string;
  placeholder: string;
  className?: string;
}) {
  const [text, setText] = useDebouncedText(value, onSearch, SEARCH_DELAY_MS);
  return (
    <div className={cn('relative min-w-0 flex-1', className)}>
      <Search
        className="text-muted-foreground pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2"
        aria-hidden
      />
      <Input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        aria-label={label}
        className="pl-8"
      />
    </div>
  );
}
