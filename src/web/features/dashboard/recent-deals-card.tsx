import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import type { Dashboard } from '@shared/analytics/dashboard';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DealRow } from '@/features/deals';
import { formatDate } from '@/lib/format';

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
              <DealRow
                key={deal.id}
                deal={deal}
                className="-mx-2 px-2 py-2.5"
                details={`${deal.year} ${deal.manufacturer} ${deal.model} · ${deal.agent_name} · ${formatDate(deal.date)}`}
              />
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
