import type { DealBuyersGuide } from '@shared/vehicles/buyers-guide';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { BuyersGuideSummary, PrintGuideLinks } from '@/features/vehicles';
import { formatDateTime } from '@/lib/format';
import { urlOf } from '@/lib/contract';
import { dealsApi } from '@shared/deals/api';

/** The Buyers Guide the deal kept as its sale completed: part of the contract, printed as it was then. */
export function DealBuyersGuideCard({ dealId, guide }: { dealId: string; guide: DealBuyersGuide }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Buyers Guide</CardTitle>
        <CardDescription>
          Kept from the sale on {formatDateTime(guide.sold_at)}. The information on the guide is part of the contract and
          overrides any contrary provision in it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <BuyersGuideSummary guide={guide} />
        <PrintGuideLinks path={urlOf(dealsApi.buyersGuidePdf, { params: { id: dealId } })} />
      </CardContent>
    </Card>
  );
}
