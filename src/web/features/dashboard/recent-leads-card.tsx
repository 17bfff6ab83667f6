import { Link } from 'react-router';
import { Mail, Phone, UserPlus } from 'lucide-react';
import type { Dashboard } from '@shared/analytics/dashboard';
import { ChipList } from '@/components/chip-list';
import { SourceBadge } from '@/components/source-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCents } from '@/lib/format';

type Lead = Dashboard['recent_leads'][number];

function Contact({ lead }: { lead: Lead }) {
  return (
    <span className="grid min-w-0">
      <span className="truncate font-medium">{lead.name}</span>
      {lead.phone && (
        <span className="text-muted-foreground flex items-center gap-1 text-xs">
          <Phone className="size-3" aria-hidden /> {lead.phone}
        </span>
      )}
      {lead.email && (
        <span className="text-muted-foreground flex min-w-0 items-center gap-1 text-xs">
          <Mail className="size-3 shrink-0" aria-hidden /> <span className="truncate">{lead.email}</span>
        </span>
      )}
    </span>
  );
}

const LeadStatus = ({ status }: { status: Lead['status'] }) => (
  <Badge variant={status === 'qualified' ? 'success' : status === 'contacted' ? 'outline' : 'secondary'}>{status}</Badge>
);

export function RecentLeadsCard({ leads }: { leads: Lead[] }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Recent Leads</CardTitle>
        <CardDescription>
          The newest prospects; a lead is contacted once someone has answered them, qualified once a deal is recorded
        </CardDescription>
        <CardAction>
          <Button size="sm" asChild>
            <Link to="/customers">
              <UserPlus /> Add Lead
            </Link>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        {leads.length === 0 ? (
          <p className="text-muted-foreground py-6 text-center text-sm">No prospects yet.</p>
        ) : (
          <>
            <div className="hidden md:block">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Lead</TableHead>
                    <TableHead>Source</TableHead>
                    <TableHead>Referred By</TableHead>
                    <TableHead>Interest</TableHead>
                    <TableHead className="text-right">Budget</TableHead>
                    <TableHead>Agent</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead className="text-right">Actions</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {leads.map((lead) => (
                    <TableRow key={lead.id}>
                      <TableCell className="max-w-56">
                        <Contact lead={lead} />
                      </TableCell>
                      <TableCell>
                        <SourceBadge source={lead.source} />
                      </TableCell>
                      <TableCell>{lead.referred_by ?? '—'}</TableCell>
                      <TableCell>
                        <ChipList items={lead.interest} />
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{formatCents(lead.budget_cents)}</TableCell>
                      <TableCell>{lead.agent_name}</TableCell>
                      <TableCell>
                        <LeadStatus status={lead.status} />
                      </TableCell>
                      <TableCell className="text-right">
                        <Button variant="outline" size="sm" asChild>
                          <Link to={`/customers/${lead.id}`}>View</Link>
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <ul className="divide-y md:hidden" aria-label="Recent leads">
              {leads.map((lead) => (
                <li key={lead.id}>
                  <Link to={`/customers/${lead.id}`} className="grid gap-2 py-3">
                    <span className="flex items-start justify-between gap-2">
                      <Contact lead={lead} />
                      <LeadStatus status={lead.status} />
                    </span>
                    <span className="flex flex-wrap items-center gap-2 text-xs">
                      <SourceBadge source={lead.source} />
                      {lead.referred_by && <span className="text-muted-foreground">Referred by {lead.referred_by}</span>}
                      {lead.budget_cents !== null && (
                        <span className="tabular-nums">Budget {formatCents(lead.budget_cents)}</span>
                      )}
                      <span className="text-muted-foreground">{lead.agent_name}</span>
                    </span>
                    {lead.interest.length > 0 && <ChipList items={lead.interest} />}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
