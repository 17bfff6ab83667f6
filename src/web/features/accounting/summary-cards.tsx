import { BadgeDollarSign, DollarSign, Handshake, Percent, ShieldCheck } from 'lucide-react';
import { formatRate } from '@shared/accounting/schemas';
import { agentFigures, completedDealsOf } from '@shared/analytics/agent-figures';
import { QueryState } from '@/components/query-state';
import { SummaryCard } from '@/components/summary-card';
import { formatCents, formatCount } from '@/lib/format';
import { useCommissionSummary } from './api';

/**
 * Total commission, total sales, completed deals, the average rate and the back-end gross (the F&I products' price
 * less their cost) of the deals the user may see.
 */
export function CommissionSummaryCards({ seesAll }: { seesAll: boolean }) {
  const summary = useCommissionSummary();
  const scope = completedDealsOf(seesAll);
  return (
    <QueryState query={summary} loadingMessage="Loading commissions..." failedMessage="Failed to fetch commissions">
      {(data) => (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
          <SummaryCard
            title={agentFigures.totalCommission.label}
            value={formatCents(data.total_commission_cents, { exact: true })}
            hint={scope}
            icon={BadgeDollarSign}
          />
          <SummaryCard
            title={agentFigures.totalSales.label}
            value={formatCents(data.total_sales_cents)}
            hint={scope}
            icon={DollarSign}
          />
          <SummaryCard
            title={agentFigures.completedDeals.label}
            value={formatCount(data.completed_deals)}
            hint={scope}
            icon={Handshake}
          />
          <SummaryCard
            title="Average Rate"
            value={formatRate(data.average_rate)}
            hint="Mean of the rates the deals were paid at"
            icon={Percent}
          />
          <SummaryCard
            title="Back-End Gross"
            value={formatCents(data.back_end_gross_cents, { exact: true })}
            hint={`F&I products sold for ${formatCents(data.products_cents, { exact: true })}, less their cost`}
            icon={ShieldCheck}
          />
        </div>
      )}
    </QueryState>
  );
}
