import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { InlineLoading } from '@/components/loading-screen';
import { ErrorState } from '@/components/error-state';
import { useLeads } from './api';
import { LeadRow } from './lead-row';

/** A customer's leads: where each came from, whom it went to and why, and its answer. Hidden when they have none. */
export function CustomerLeadsCard({ customerId }: { customerId: string }) {
  const leads = useLeads('all', customerId);
  const items = leads.data?.pages.flatMap((page) => page.items) ?? [];
  if (leads.data && items.length === 0) return null;
  return (
    <Card className="gap-2 lg:col-span-2">
      <CardHeader>
        <CardTitle>Leads</CardTitle>
        <CardDescription>How this customer reached the brokerage, and how fast they were answered</CardDescription>
      </CardHeader>
      <CardContent className="px-0">
        {leads.isError && !leads.data ? (
          <ErrorState message="Failed to load leads" error={leads.error} onRetry={() => leads.refetch()} />
        ) : !leads.data ? (
          <InlineLoading message="Loading leads..." />
        ) : (
          <ul className="divide-y" aria-label="Leads">
            {items.map((lead) => (
              <LeadRow key={lead.id} lead={lead} canHandle={false} showCustomer={false} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
