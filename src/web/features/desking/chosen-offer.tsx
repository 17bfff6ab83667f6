import type { DealerOffer, DealerOfferList } from '@shared/desking/dealer-offers';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCents } from '@/lib/format';
import { useDealerOffers } from './api';

const money = (cents: number) => formatCents(cents, { exact: true });

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <>
      <dt className={strong ? 'font-medium' : 'text-muted-foreground'}>{label}</dt>
      <dd className={`text-right tabular-nums ${strong ? 'font-semibold' : ''}`}>{value}</dd>
    </>
  );
}

function ChosenOfferCard({ offer, offers }: { offer: DealerOffer; offers: DealerOfferList }) {
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>Chosen dealer</CardTitle>
        <CardDescription className="wrap-anywhere">
          {offer.dealer}
          {offer.contact ? ` · ${offer.contact}` : ''} · {offer.vehicle}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm" aria-label="Chosen dealer’s figures">
          <Figure label="Price" value={money(offer.price_cents)} />
          <Figure label="Dealer fees" value={money(offer.fees_cents)} />
          <Figure label={`${offers.state} sales tax`} value={money(offer.sales_tax_cents)} />
          <Figure label="Broker fee" value={money(offers.broker_fee_cents)} />
          <Figure label="Client’s total" value={money(offer.total_cents)} strong />
        </dl>
      </CardContent>
    </Card>
  );
}

/**
 * The dealer a brokerage deal's client takes, on the deal's page: its price, its fees and what the client pays in all,
 * the same figure the comparison and the desk show. Nothing while no offer is chosen.
 */
export function ChosenOffer({ dealId }: { dealId: string }) {
  const offers = useDealerOffers(dealId);
  const chosen = offers.data?.items.find((offer) => offer.status === 'chosen');
  return chosen && offers.data ? <ChosenOfferCard offer={chosen} offers={offers.data} /> : null;
}
