import { Link } from 'react-router';
import type { Dashboard, SpeedToLead } from '@shared/analytics/dashboard';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDuration } from '@/lib/format';

const time = (seconds: number | null) => (seconds === null ? '—' : formatDuration(seconds));

function SpeedTable({ label, rows }: { label: string; rows: SpeedToLead[] }) {
  return (
    <Table aria-label={`Speed to lead by ${label.toLowerCase()}`}>
      <TableHeader>
        <TableRow>
          <TableHead>{label}</TableHead>
          <TableHead className="text-right">Leads</TableHead>
          <TableHead className="text-right">Answered</TableHead>
          <TableHead className="text-right">Median</TableHead>
          <TableHead className="text-right">90%</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.name}>
            <TableCell className="max-w-40 truncate">{row.name}</TableCell>
            <TableCell className="text-right tabular-nums">{row.leads}</TableCell>
            <TableCell className="text-right tabular-nums">{row.answered}</TableCell>
            <TableCell className="text-right tabular-nums">{time(row.p50_seconds)}</TableCell>
            <TableCell className="text-right tabular-nums">{time(row.p90_seconds)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** How fast leads are first answered, by source and by agent: the median and the time 90% of them are answered in. */
export function SpeedToLeadCard({ speed }: { speed: Dashboard['speed_to_lead'] }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Speed to Lead</CardTitle>
        <CardDescription>Time from a lead&apos;s arrival to the first answer by a person, last {speed.days} days</CardDescription>
        <CardAction>
          <Button size="sm" variant="outline" asChild>
            <Link to="/leads">View leads</Link>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        {speed.by_source.length === 0 ? (
          <p className="text-muted-foreground py-6 text-center text-sm">No leads in the last {speed.days} days.</p>
        ) : (
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <SpeedTable label="Source" rows={speed.by_source} />
            <SpeedTable label="Agent" rows={speed.by_agent} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
