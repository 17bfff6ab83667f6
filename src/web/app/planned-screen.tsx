import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/page-header';

/** A screen whose title and purpose are in place and whose content is still being built. */
export function PlannedScreen({ title, description }: { title: string; description: string }) {
  return (
    <div className="grid gap-6">
      <PageHeader title={title} description={description} />
      <Card>
        <CardContent className="text-muted-foreground py-10 text-center text-sm">
          This part of Torque is not available yet.
        </CardContent>
      </Card>
    </div>
  );
}
