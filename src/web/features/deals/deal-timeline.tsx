import { describeSaleEntry } from '@shared/deals/sale-rule';
import { structureLabels } from '@shared/desking/worksheet';
import type { DealTimelineEntry } from '@shared/deals/types';
import { AuditTimeline, changeLine, type AuditWording } from '@/components/audit-timeline';
import { formatCents } from '@/lib/format';
import { useDealTimeline } from './api';

const fieldLabels: Record<string, string> = {
  user_id: 'Agent',
  agent_name: 'Agent name',
  customer_id: 'Linked customer',
  vehicle_id: 'Linked vehicle',
  date: 'Date',
  manufacturer: 'Manufacturer',
  model: 'Model',
  year: 'Year',
  customer_name: 'Customer name',
  customer_phone: 'Customer phone',
  customer_email: 'Customer email',
  contract_price_cents: 'Contract price',
  monthly_payment_cents: 'Monthly payment',
  broker_fee_cents: 'Broker fee',
  products_cents: 'F&I products sold',
  products_cost_cents: 'F&I products cost',
  status: 'Status',
  deal_classification: 'Classification',
  notes: 'Notes',
};

function show(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'empty';
  if (field.endsWith('_cents') && typeof value === 'number') return formatCents(value, { exact: true });
  if (field.endsWith('_id')) return 'a record';
  return String(value);
}

/** One line per change, in words: "Status: pending → completed". */
function describe(entry: DealTimelineEntry): AuditWording {
  const changes = entry.changes as Record<string, { from?: unknown; to?: unknown } | unknown>;
  if (entry.entity_type === 'customer')
    return describeSaleEntry(entry.action, changes, 'deal') ?? { title: entry.action, details: [] };
  if (entry.entity_type === 'vehicle') {
    const status = changes.status as { from: string; to: string } | undefined;
    return { title: 'Vehicle status changed', details: status ? [`${status.from} → ${status.to}`] : [] };
  }
  if (entry.action === 'document_added' || entry.action === 'document_removed') {
    const name = typeof changes.file_name === 'string' ? changes.file_name : 'a document';
    return {
      title: entry.action === 'document_removed' ? `Document deleted: ${name}` : `Document uploaded: ${name}`,
      details: [],
    };
  }
  if (entry.action === 'created') return { title: 'Deal created', details: [] };
  if (entry.action === 'worksheet_saved') {
    const { state, structure, amount_financed_cents } = changes as {
      state?: string;
      structure?: keyof typeof structureLabels;
      amount_financed_cents?: number;
    };
    const financed =
      typeof amount_financed_cents === 'number' ? `${show('amount_financed_cents', amount_financed_cents)} financed` : null;
    const line = [structure && structureLabels[structure], state, structure !== 'cash' && financed].filter(Boolean).join(' · ');
    return { title: 'Worksheet saved', details: [line] };
  }
  if (entry.action === 'quote_sent') {
    const { to, options, valid_until } = changes as { to?: string; options?: string[]; valid_until?: string };
    return { title: `Quote sent to ${to ?? 'the customer'}`, details: [...(options ?? []), `Valid until ${valid_until}`] };
  }
  if (entry.action === 'quote_accepted') {
    const { option, address, device } = changes as { option?: string; address?: string; device?: string };
    return { title: `Quote accepted: ${option}`, details: [`From ${address} · ${device}`] };
  }
  if (entry.action.startsWith('dealer_offer_')) {
    const { dealer, vehicle, price_cents, declined, decline_reason } = changes as {
      dealer?: string;
      vehicle?: string;
      price_cents?: number;
      declined?: string[];
      decline_reason?: string;
    };
    const offered = [vehicle, typeof price_cents === 'number' ? show('price_cents', price_cents) : null].filter(Boolean);
    if (entry.action === 'dealer_offer_chosen')
      return {
        title: `Dealer offer chosen: ${dealer}`,
        details: [offered.join(' · '), ...(declined?.length ? [`Declined: ${declined.join(', ')} (${decline_reason})`] : [])],
      };
    const verb = { dealer_offer_added: 'recorded', dealer_offer_updated: 'edited', dealer_offer_removed: 'deleted' }[
      entry.action
    ];
    return { title: `Dealer offer ${verb ?? 'changed'}: ${dealer}`, details: offered.length ? [offered.join(' · ')] : [] };
  }
  const details = Object.entries(changes)
    .filter(([field]) => fieldLabels[field] && field !== 'agent_name')
    .map(([field, change]) => {
      const { from, to } = change as { from: unknown; to: unknown };
      return changeLine(fieldLabels[field]!, show(field, from), show(field, to));
    });
  return { title: 'Deal updated', details };
}

/** Who changed this deal, what it did to its vehicle's status and its customer's stage, and when, newest first. */
export function DealTimeline({ dealId }: { dealId: string }) {
  return (
    <AuditTimeline
      title="Timeline"
      timeline={useDealTimeline(dealId)}
      loadingMessage="Loading timeline..."
      emptyMessage="No activity yet."
      describe={describe}
    />
  );
}
