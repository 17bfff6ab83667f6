import type { LucideIcon } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';

/** One figure of a screen's summary row ('Total Customers', 'Total Value'). */
export function SummaryCard({
  title,
  value,
  icon: Icon,
  hint,
}: {
  title: string;
  value: React.ReactNode;
  icon?: LucideIcon;
  hint?: React.ReactNode;
}) {
  return (
    <Card className="gap-2 py-4">
      <CardContent className="flex items-start justify-between gap-3 px-4">
        <div className="min-w-0">
          <p className="text-muted-foreground text-sm font-medium">{title}</p>
          <p className="mt-1 truncate text-2xl font-bold tabular-nums">{value}</p>
          {hint && <p className="text-muted-foreground mt-1 text-xs">{hint}</p>}
        </div>
        {Icon && <Icon className="text-muted-foreground size-5 shrink-0" aria-hidden />}
      </CardContent>
    </Card>
  );
}
