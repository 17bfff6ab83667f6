import { commissionBasisLabels } from '@shared/settings/schemas';
import { formatRate } from '@shared/accounting/schemas';
import type { AgentCommission } from '@shared/accounting/types';
import { roleLabels } from '@shared/users/roles';
import { agentFigures } from '@shared/analytics/agent-figures';
import { FigureLabel } from '@/components/figure-label';
import { EmptyState } from '@/components/empty-state';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCents, formatCount } from '@/lib/format';
import { useCommissionAgents } from './api';
import { RateForm } from './rate-form';

function AgentCell({ agent }: { agent: AgentCommission }) {
  return (
    <div className="min-w-0">
      <div className="flex flex-wrap items-center gap-1.5 font-medium">
        {agent.agent_name}
        {agent.role !== 'agent' && <Badge variant="outline">{roleLabels[agent.role]}</Badge>}
      </div>
      <div className="text-muted-foreground truncate text-sm">{agent.agent_email}</div>
    </div>
  );
}

function RateCell({ agent }: { agent: AgentCommission }) {
  return (
    <div className="flex items-start gap-2">
      <RateForm agent={agent} />
      {!agent.own_rate && (
        <Badge variant="secondary" className="mt-1.5" title="No rate of their own: the default applies">
          Default
        </Badge>
      )}
    </div>
  );
}

function AgentsTable({ agents }: { agents: AgentCommission[] }) {
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Agent</TableHead>
              <TableHead>Commission Rate</TableHead>
              <TableHead className="h-auto py-2 text-right">
                <FigureLabel {...agentFigures.completedDeals} />
              </TableHead>
              <TableHead className="h-auto py-2 text-right">
                <FigureLabel {...agentFigures.totalSales} />
              </TableHead>
              <TableHead className="h-auto py-2 text-right">
                <FigureLabel {...agentFigures.totalCommission} />
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {agents.map((agent) => (
              <TableRow key={agent.user_id}>
                <TableCell>
                  <AgentCell agent={agent} />
                </TableCell>
                <TableCell>
                  <RateCell agent={agent} />
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatCount(agent.total_deals)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatCents(agent.total_sales_cents)}</TableCell>
                <TableCell className="text-right font-medium tabular-nums">
                  {formatCents(agent.total_commission_cents, { exact: true })}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="grid gap-3 md:hidden" aria-label="Agents">
        {agents.map((agent) => (
          <li key={agent.user_id} className="grid gap-3 rounded-lg border p-3">
            <AgentCell agent={agent} />
            <RateCell agent={agent} />
            <dl className="grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-xs">
                  <FigureLabel {...agentFigures.completedDeals} />
                </dt>
                <dd className="tabular-nums">{formatCount(agent.total_deals)}</dd>
              </div>
              <div>
                <dt className="text-xs">
                  <FigureLabel {...agentFigures.totalSales} />
                </dt>
                <dd className="tabular-nums">{formatCents(agent.total_sales_cents)}</dd>
              </div>
              <div className="col-span-2">
                <dt className="text-xs">
                  <FigureLabel {...agentFigures.totalCommission} />
                </dt>
                <dd className="font-medium tabular-nums">{formatCents(agent.total_commission_cents, { exact: true })}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Every agent's rate (editable) and completed totals. Admins only; the tab is not offered to anyone else. */
export function CommissionManagement() {
  const agents = useCommissionAgents();
  return (
    <QueryState query={agents} loadingMessage="Loading agents..." failedMessage="Failed to fetch agents">
      {(data) => (
        <div className="grid gap-4">
          <p className="text-muted-foreground text-sm">
            Agents without a rate of their own earn the default {formatRate(data.default_rate)} of the{' '}
            {commissionBasisLabels[data.basis].toLowerCase()}, set under Settings. A new rate applies to deals completed from now
            on; completed deals keep the rate they were paid at.
          </p>
          {data.agents.length === 0 ? (
            <EmptyState message="No agents yet." linkTo="/agents" linkText="Invite an agent" />
          ) : (
            <AgentsTable agents={data.agents} />
          )}
        </div>
      )}
    </QueryState>
  );
}
