import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { UserPlus } from 'lucide-react';
import { leadViews, type LeadView } from '@shared/leads/schemas';
import { seesAllRecords } from '@shared/users/roles';
import { ErrorState } from '@/components/error-state';
import { InlineLoading } from '@/components/loading-screen';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ShowMore } from '@/components/show-more';
import { useCurrentSession } from '@/features/auth/api';
import { AddLeadDialog } from './add-lead-dialog';
import { useLeads } from './api';
import { LeadRow } from './lead-row';

const viewLabels: Record<LeadView, string> = { all: 'All', waiting: 'Waiting for an answer', flagged: 'Could not be read' };
const emptyMessages: Record<LeadView, string> = {
  all: 'No leads yet. Leads from your lead sources, your web form, inbound mail and Add Lead appear here.',
  waiting: 'Every lead has been answered.',
  flagged: 'Nothing waits for a person: every lead could be read.',
};

/** Every lead as it arrived, whom it went to and why, and how fast it was answered. */
export function LeadsPage() {
  const { user } = useCurrentSession();
  const canHandle = seesAllRecords(user.role);
  const [params, setParams] = useSearchParams();
  const requested = params.get('view') as LeadView | null;
  const views: readonly LeadView[] = canHandle ? leadViews : leadViews.filter((v) => v !== 'flagged');
  const view: LeadView = requested && views.includes(requested) ? requested : 'all';
  const [adding, setAdding] = useState(false);
  const leads = useLeads(view);
  const items = leads.data?.pages.flatMap((page) => page.items) ?? [];

  let body;
  if (leads.isError && !leads.data)
    body = <ErrorState message="Failed to load leads" error={leads.error} onRetry={() => leads.refetch()} />;
  else if (!leads.data) body = <InlineLoading message="Loading leads..." />;
  else if (items.length === 0)
    body = <p className="text-muted-foreground px-6 py-10 text-center text-sm">{emptyMessages[view]}</p>;
  else
    body = (
      <ul className="divide-y" aria-label="Leads">
        {items.map((lead) => (
          <LeadRow key={lead.id} lead={lead} canHandle={canHandle} />
        ))}
      </ul>
    );

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Leads"
        description="Every lead as it arrived, whom it went to and why, and how fast it was answered"
        actions={
          <Button onClick={() => setAdding(true)}>
            <UserPlus /> Add Lead
          </Button>
        }
      />
      <Card className="gap-0 py-0">
        <Tabs value={view} onValueChange={(next) => setParams(next === 'all' ? {} : { view: next }, { replace: true })}>
          <div className="overflow-x-auto border-b px-6 py-3">
            <TabsList>
              {views.map((v) => (
                <TabsTrigger key={v} value={v}>
                  {viewLabels[v]}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
          <TabsContent value={view}>
            <CardContent className="px-0">
              {body}
              <ShowMore list={leads} />
            </CardContent>
          </TabsContent>
        </Tabs>
      </Card>
      <AddLeadDialog open={adding} onOpenChange={setAdding} />
    </div>
  );
}
