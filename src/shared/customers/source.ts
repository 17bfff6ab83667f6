import { leadChannelLabels, type LeadChannel } from '../leads/schemas.js';
import type { LeadSource } from './options.js';

/** How a lead source brought a customer in; a lead added by hand has a source a person picked instead. */
export type LeadOriginChannel = Exclude<LeadChannel, 'manual'>;

/** Where a customer came from, as every screen and export shows it. */
export type CustomerSource = { name: string; channel: LeadOriginChannel | null };

type SourceColumns = {
  lead_source: LeadSource | null;
  lead_source_name: string | null;
  lead_channel: LeadOriginChannel | null;
};

/** The lead source a lead brought the customer from, with how it arrived; else the source a person picked. */
export function customerSource(customer: SourceColumns): CustomerSource | null {
  if (customer.lead_source_name) return { name: customer.lead_source_name, channel: customer.lead_channel };
  return customer.lead_source ? { name: customer.lead_source, channel: null } : null;
}

/** 'CarMarket (ADF)', or a picked source's name alone. */
export const sourceText = (source: CustomerSource | null) =>
  source ? (source.channel ? `${source.name} (${leadChannelLabels[source.channel]})` : source.name) : null;
