import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import type { Dashboard } from '@shared/analytics/dashboard';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DealStatusBadge } from '@/features/deals';
import { formatCents, formatDate } from '@/lib/format';

export function RecentDealsCard({ deals }: { deals: Dashboard['recent_deals'] }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Recent Deals</CardTitle>
        <CardDescription>The latest five deals</CardDescription>
        <CardAction>
          <Button variant="link" size="sm" asChild className="px-0">
            <Link to="/deals?tab=deals">View All</Link>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-3">
        {deals.length === 0 ? (
          <EmptyState message="No deals found." linkTo="/deals/new" linkText="Create your first deal" />
        ) : (
          <ul className="divide-y" aria-label="Recent deals">
            {deals.map((deal) => (
              <li key={deal.id}>
                <Link
                  to={`/deals/${deal.id}`}
                  className="hover:bg-muted/50 -mx-2 flex items-center justify-between gap-3 rounded-md px-2 py-2.5"
                >
                  <span className="grid min-w-0">
                    <span className="truncate text-sm font-medium">{deal.customer_name}</span>
                    <span className="text-muted-foreground truncate text-xs">
                      {deal.year} {deal.manufacturer} {deal.model} · {deal.agent_name} · {formatDate(deal.date)}
                    </span>
                  </span>
                  <span className="flex shrink-0 flex-col items-end gap-1">
                    <span className="text-sm font-semibold tabular-nums">{formatCents(deal.contract_price_cents)}</span>
                    <DealStatusBadge status={deal.status} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Button asChild className="w-full sm:w-fit">
          <Link to="/deals/new">
            <Plus /> New Deal
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
