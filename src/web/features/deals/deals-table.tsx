import { Link } from 'react-router';
import { dealClassificationLabels } from '@shared/deals/options';
import type { Deal } from '@shared/deals/types';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCents, formatDate } from '@/lib/format';
import { DealStatusBadge } from './deal-status-badge';

export const shortDealId = (id: string) => id.slice(0, 8).toUpperCase();
export const dealVehicle = (deal: Pick<Deal, 'year' | 'manufacturer' | 'model'>) =>
  `${deal.year} ${deal.manufacturer} ${deal.model}`;
const classification = (deal: Deal) =>
  deal.deal_classification ? dealClassificationLabels[deal.deal_classification] : 'Not specified';
const monthly = (deal: Deal) =>
  deal.monthly_payment_cents === null ? 'N/A' : formatCents(deal.monthly_payment_cents, { exact: true });

/** Deals as a table on wide screens and as a list of cards on a phone. */
export function DealsTable({ deals }: { deals: Deal[] }) {
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
              <TableHead className="text-right whitespace-normal">Contract Price</TableHead>
              <TableHead className="text-right whitespace-normal">Monthly Payment</TableHead>
              <TableHead className="text-right whitespace-normal">Broker Fee</TableHead>
              <TableHead>Classification</TableHead>
              <TableHead>Agent</TableHead>
              <TableHead>Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {deals.map((deal) => (
              <TableRow key={deal.id}>
                <TableCell>
                  <Link to={`/deals/${deal.id}`} className="text-primary font-mono text-xs font-medium hover:underline">
                    {shortDealId(deal.id)}
                  </Link>
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(deal.date)}</TableCell>
                <TableCell className="min-w-28 font-medium whitespace-normal">{dealVehicle(deal)}</TableCell>
                <TableCell className="min-w-24 whitespace-normal [overflow-wrap:anywhere]">{deal.customer_name}</TableCell>
                <TableCell className="text-right tabular-nums">{formatCents(deal.contract_price_cents)}</TableCell>
                <TableCell className="text-right tabular-nums">{monthly(deal)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatCents(deal.broker_fee_cents)}</TableCell>
                <TableCell className="whitespace-normal">{classification(deal)}</TableCell>
                <TableCell className="min-w-20 whitespace-normal">{deal.agent_name}</TableCell>
                <TableCell>
                  <DealStatusBadge status={deal.status} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="divide-y md:hidden">
        {deals.map((deal) => (
          <li key={deal.id}>
            <Link to={`/deals/${deal.id}`} className="hover:bg-muted/50 grid gap-1 py-3">
              <span className="flex items-center justify-between gap-2">
                <span className="font-medium">{dealVehicle(deal)}</span>
                <DealStatusBadge status={deal.status} />
              </span>
              <span className="text-muted-foreground text-sm">
                {deal.customer_name} · {formatDate(deal.date)} · {deal.agent_name}
              </span>
              <span className="flex flex-wrap gap-x-3 text-sm tabular-nums">
                <span>{formatCents(deal.contract_price_cents)}</span>
                <span className="text-muted-foreground">Fee {formatCents(deal.broker_fee_cents)}</span>
                <span className="text-muted-foreground">{monthly(deal) === 'N/A' ? 'N/A' : `${monthly(deal)}/mo`}</span>
                <span className="text-muted-foreground">{classification(deal)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
