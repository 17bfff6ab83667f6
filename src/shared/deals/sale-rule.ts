import type { CustomerStatus } from '../customers/options.js';
import { dealStatusLabels, type DealStatus } from './options.js';

/**
 * What a sale does to its customer (docs/decisions/021-funnel-stages.md): completing a deal moves the customer to the
 * pipeline's last stage and makes them active; reopening it (completed → another status) leaves them where they are.
 */
export const SALE_CUSTOMER_STATUS = 'active' satisfies CustomerStatus;

type Change = { from: string; to: string };
type SaleWording = { title: string; details: string[] };

/** A `deal_completed` or `deal_reopened` entry in words, on the customer's timeline or the deal's; null for others. */
export function describeSaleEntry(action: string, changes: Record<string, unknown>, on: 'customer' | 'deal'): SaleWording | null {
  if (action === 'deal_completed') {
    const { stage, status } = changes as { stage?: Change; status?: Change };
    return {
      title: on === 'customer' ? 'A completed deal closed the sale' : 'The sale moved its customer',
      details: [
        ...(stage ? [`Pipeline stage: ${stage.from} → ${stage.to}`] : []),
        ...(status ? [`Status: ${status.from} → ${status.to}`] : []),
      ],
    };
  }
  if (action === 'deal_reopened') {
    const { deal_status, stage, status } = changes as { deal_status: DealStatus; stage: string; status: CustomerStatus };
    return {
      title:
        deal_status === 'completed'
          ? 'The deal no longer names them as its customer'
          : `The sale was reopened (now ${dealStatusLabels[deal_status] ?? deal_status})`,
      details: [`The customer stays at ${stage}, ${status}; change their stage by hand if the sale fell through`],
    };
  }
  return null;
}

/** The toast of a save that reopens a sale. */
export const reopenedSaleToast = (customer: string) =>
  `Deal updated successfully. ${customer} stays where they are in the pipeline; if the sale fell through, change their stage and status on their page.`;
