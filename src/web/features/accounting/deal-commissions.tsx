import { useState } from 'react';
import { Link } from 'react-router';
import { formatRate } from '@shared/accounting/schemas';
import type { CommissionDeal } from '@shared/accounting/types';
import { commissionBasisLabels } from '@shared/settings/schemas';
import { PagedList } from '@/components/paged-list';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { shortDealId } from '@/features/deals';
import { formatCents, formatDate } from '@/lib/format';
import { useCommissionDeals } from './api';

const PAGE_SIZE = 25;

function DealLink({ deal }: { deal: CommissionDeal }) {
  return (
    <Link to={`/deals/${deal.id}`} className="text-primary font-mono text-xs font-medium hover:underline">
      {shortDealId(deal.id)}
    </Link>
  );
}

/** The rate a deal was paid at; the basis is named only where it is not the broker fee. */
function Rate({ deal }: { deal: CommissionDeal }) {
  return (
    <>
      <span className="tabular-nums">{formatRate(deal.commission_rate)}</span>
      {deal.commission_basis !== 'broker_fee' && (
        <span className="text-muted-foreground block text-xs">
          of {commissionBasisLabels[deal.commission_basis].toLowerCase()}
        </span>
      )}
    </>
  );
}

/** The F&I products sold on a deal and their back-end gross (price less cost); a dash when it sold none. */
function Products({ deal }: { deal: CommissionDeal }) {
  if (deal.products_cents === 0 && deal.products_cost_cents === 0)
    return (
      <span className="text-muted-foreground" aria-label="No F&I products">
        —
      </span>
    );
  return (
    <>
      <span className="tabular-nums">{formatCents(deal.products_cents, { exact: true })}</span>
      <span className="text-muted-foreground block text-xs whitespace-nowrap">
        {formatCents(deal.products_cents - deal.products_cost_cents, { exact: true })} back-end
      </span>
    </>
  );
}

/**
 * Completed deals with their F&I products, the rate each was paid at and its commission: a table from tablet width up,
 * cards on a phone.
 */
function CommissionDealsTable({ deals, showAgent }: { deals: CommissionDeal[]; showAgent: boolean }) {
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Deal ID</TableHead>
              <TableHead>Date</TableHead>
              <TableHead>Vehicle</TableHead>
              <TableHead>Customer</TableHead>
              {showAgent && <TableHead>Agent</TableHead>}
              <TableHead className="text-right">Sale Price</TableHead>
              <TableHead className="text-right">Broker Fee</TableHead>
              <TableHead className="text-right">F&amp;I</TableHead>
              <TableHead className="text-right">Rate</TableHead>
              <TableHead className="text-right">Commission</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {deals.map((deal) => (
              <TableRow key={deal.id}>
                <TableCell>
                  <DealLink deal={deal} />
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(deal.date)}</TableCell>
                <TableCell className="min-w-28 font-medium whitespace-normal">
                  {deal.manufacturer} {deal.model}
                </TableCell>
                <TableCell className="min-w-24 whitespace-normal">{deal.customer_name}</TableCell>
                {showAgent && <TableCell className="min-w-20 whitespace-normal">{deal.agent_name}</TableCell>}
                <TableCell className="text-right tabular-nums">{formatCents(deal.contract_price_cents)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatCents(deal.broker_fee_cents, { exact: true })}</TableCell>
                <TableCell className="text-right">
                  <Products deal={deal} />
                </TableCell>
                <TableCell className="text-right">
                  <Rate deal={deal} />
                </TableCell>
                <TableCell className="text-right font-medium tabular-nums">
                  {formatCents(deal.commission_cents, { exact: true })}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="grid gap-3 md:hidden" aria-label="Deal commissions">
        {deals.map((deal) => (
          <li key={deal.id} className="grid gap-1.5 rounded-lg border p-3">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <div className="font-medium">
                  {deal.manufacturer} {deal.model}
                </div>
                <div className="text-muted-foreground text-sm">
                  {deal.customer_name} · {formatDate(deal.date)}
                  {showAgent && ` · ${deal.agent_name}`}
                </div>
              </div>
              <DealLink deal={deal} />
            </div>
            <div className="flex items-end justify-between gap-2 text-sm">
              <span className="text-muted-foreground tabular-nums">
                {formatCents(deal.contract_price_cents)} · Fee {formatCents(deal.broker_fee_cents, { exact: true })}
                {deal.products_cents > 0 && (
                  <span className="block">
                    F&amp;I {formatCents(deal.products_cents, { exact: true })} ·{' '}
                    {formatCents(deal.products_cents - deal.products_cost_cents, { exact: true })} back-end gross
                  </span>
                )}
              </span>
              <span className="text-right">
                <span className="block font-medium tabular-nums">{formatCents(deal.commission_cents, { exact: true })}</span>
                <span className="text-muted-foreground text-xs">
                  {formatRate(deal.commission_rate)} of {commissionBasisLabels[deal.commission_basis].toLowerCase()}
                </span>
              </span>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Deal Commission: completed deals newest first, a page at a time. */
export function DealCommissions({ showAgent }: { showAgent: boolean }) {
  const [pages, setPages] = useState<string[]>([]);
  const deals = useCommissionDeals({ limit: PAGE_SIZE, cursor: pages.at(-1) });
  return (
    <div className="grid gap-4">
      <p className="text-muted-foreground text-sm">
        Commission is the rate times the broker fee (or the sale price where marked), rounded to the cent, frozen when the deal
        completed.
      </p>
      <PagedList
        list={deals}
        loadingMessage="Loading commissions..."
        failedMessage="Failed to fetch commissions"
        empty={{ message: 'No completed deals yet.', linkTo: '/deals/new', linkText: 'Create a deal' }}
        paging={{
          hasPrevious: pages.length > 0,
          onPrevious: () => setPages((p) => p.slice(0, -1)),
          onNext: (cursor) => setPages((p) => [...p, cursor]),
          label: `Page ${pages.length + 1}`,
        }}
      >
        <CommissionDealsTable deals={deals.data?.items ?? []} showAgent={showAgent} />
      </PagedList>
    </div>
  );
}
