import {
  consentChannelLabels,
  consentSourceLabels,
  consentStatusLabels,
  type ConsentChannel,
  type ConsentSource,
  type ConsentStatus,
} from '@shared/consent/schemas';
import { TRANSACTIONAL_LABEL } from '@shared/emails/schemas';
import type { TimelineEntry } from '@shared/customers/types';
import { describeSaleEntry } from '@shared/deals/sale-rule';
import { describeTaskEntry } from '@/features/tasks';
import { AuditTimeline, changeLine, type AuditWording } from '@/components/audit-timeline';
import { formatCents, formatFileSize } from '@/lib/format';
import { useCustomerTimeline } from './api';

const fieldLabels: Record<string, string> = {
  name: 'Full Name',
  status: 'Status',
  email: 'Email',
  phone: 'Phone',
  location: 'Location',
  preferred_cars: 'Car Preferences',
  referred_by_customer_id: 'Referring customer',
  referred_by_name: 'Referrer Name',
  birthday: 'Birthday',
  notes: 'Notes',
  lead_source: 'Lead Source',
  budget_cents: 'Budget',
};

function shown(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return 'empty';
  if (field === 'budget_cents' && typeof value === 'number') return formatCents(value);
  if (field === 'referred_by_customer_id') return 'a customer';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

function describe(entry: TimelineEntry): AuditWording {
  const c = entry.changes as Record<string, unknown>;
  const sale = describeSaleEntry(entry.action, c, 'customer');
  if (sale) return sale;
  const task = describeTaskEntry(entry.action, c);
  if (task) return task;
  switch (entry.action) {
    case 'created':
      return { title: 'Created the customer', details: [] };
    case 'document_added':
      return {
        title: `Added document ${c.file_name}`,
        details: typeof c.file_size === 'number' ? [formatFileSize(c.file_size)] : [],
      };
    case 'consent':
      return {
        title: `${consentChannelLabels[c.channel as ConsentChannel] ?? c.channel}: ${
          consentStatusLabels[c.status as ConsentStatus]?.toLowerCase() ?? c.status
        }`,
        details: [consentSourceLabels[c.source as ConsentSource] ?? String(c.source)],
      };
    case 'email_sent':
      return { title: `Sent an e-mail: ${c.subject}`, details: c.transactional === true ? [TRANSACTIONAL_LABEL] : [] };
    case 'created_from_lead':
      return { title: `Created from a lead from ${c.source}`, details: [`To ${c.assigned_to ?? 'nobody'}: ${c.reason}`] };
    case 'lead_received':
      return { title: `New lead from ${c.source}`, details: [`To ${c.assigned_to ?? 'nobody'}: ${c.reason}`] };
    case 'reassigned':
      return {
        title: `Given to ${c.to}`,
        details: [c.from ? `From ${c.from}` : '', c.reason ? `Because ${c.reason}` : ''].filter(Boolean),
      };
    case 'stage_changed':
      return { title: `Moved to ${c.to} in the pipeline`, details: [`From ${c.from}`] };
    case 'contact_logged':
      return { title: `Logged a contact: ${String(c.label ?? c.kind).toLowerCase()}`, details: c.note ? [String(c.note)] : [] };
    case 'email_received':
      return { title: `E-mail received: ${c.subject}`, details: [] };
    case 'conversation_done':
      return { title: 'Marked the conversation done: nothing to answer', details: [] };
    case 'conversation_assigned':
      return { title: c.name ? `Gave the conversation to ${c.name}` : 'Gave the conversation to anyone', details: [] };
    case 'text_assigned':
      return {
        title: c.as === 'lead' ? `Made a lead of a text from ${c.phone}` : `Attached a text from ${c.phone} to this customer`,
        details: Number(c.texts) > 1 ? [`${c.texts} texts from that number`] : [],
      };
    case 'email_assigned':
      return { title: `Filed an e-mail with this customer: ${c.subject}`, details: [] };
    case 'offer_sent':
      return {
        title: `Sent the offer ${c.offer} by ${c.channel === 'sms' ? 'SMS' : 'e-mail'}`,
        details: [],
      };
    case 'minor_agreement_sealed':
      return {
        title: `${c.corrects ? 'Corrected' : 'Sealed'} the minor co-signer agreement of ${c.minor}`,
        details: [],
      };
    case 'document_removed':
      return { title: `Removed document ${c.file_name}`, details: [] };
    case 'updated':
      return {
        title: 'Edited the customer',
        details: Object.entries(c as Record<string, { from: unknown; to: unknown }>).map(([field, { from, to }]) =>
          changeLine(fieldLabels[field] ?? field, shown(field, from), shown(field, to)),
        ),
      };
    default:
      return { title: entry.action, details: [] };
  }
}

/** Who did what to this customer and when, from the audit log, newest first. */
export function CustomerTimeline({ customerId }: { customerId: string }) {
  return (
    <AuditTimeline
      title="Timeline"
      timeline={useCustomerTimeline(customerId)}
      loadingMessage="Loading timeline..."
      emptyMessage="No activity yet."
      describe={describe}
    />
  );
}
