import { Badge } from '@/components/ui/badge';

/** The first two entries as chips, then '+N' for the rest (preferences, features). */
export function ChipList({ items, max = 2 }: { items: readonly string[]; max?: number }) {
  if (items.length === 0) return <span className="text-muted-foreground text-sm">—</span>;
  const rest = items.length - max;
  return (
    <div className="flex flex-wrap gap-1" title={items.join(', ')}>
      {items.slice(0, max).map((item) => (
        <Badge key={item} variant="secondary" className="font-normal">
          {item}
        </Badge>
      ))}
      {rest > 0 && (
        <Badge variant="outline" className="font-normal">
          +{rest}
        </Badge>
      )}
    </div>
  );
}
