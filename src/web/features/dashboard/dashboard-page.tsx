import { PageHeader } from '@/components/page-header';
import { Card, CardContent } from '@/components/ui/card';

export function DashboardPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Dashboard" description="Welcome back! Here's your business overview." />
      <Card>
        <CardContent className="text-muted-foreground py-10 text-center text-sm">
          Figures appear here as deals and customers are recorded.
        </CardContent>
      </Card>
    </div>
  );
}
