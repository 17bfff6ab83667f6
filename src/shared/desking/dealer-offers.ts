/**
 * A brokerage's offers from selling dealers for one client's request: recorded on the deal, compared by what the
 * client pays in all (`offerCost`: the worksheet with the dealer's price and fees, taxed by the deal's state, and the
 * broker's own fee), and one chosen, the others kept as declined with the reason.
 */
import { z } from 'zod';
import { optionalCalendarDay, optionalText, requiredText, typedCents, version } from '../common/fields.js';
import { dollarsText } from '../money.js';
import { optionalVin } from '../vehicles/schemas.js';
import { moneyField } from './worksheet.js';

export const availabilities = ['in_stock', 'in_transit', 'factory_order'] as const;
export type Availability = (typeof availabilities)[number];
export const availabilityLabels: Record<Availability, string> = {
  in_stock: 'In stock',
  in_transit: 'In transit',
  factory_order: 'Factory order',
};

/** Why an offer was not taken: the usual reasons, offered to pick from; any other may be typed. */
export const declineReasons = [
  'Higher total cost',
  'Not available in time',
  'Offer expired',
  'The client preferred another dealer',
] as const;

export const DECLINE_REASON_REQUIRED = 'Say why the other offers are declined';
export const OFFER_NOT_OPEN = 'This offer was already decided';

export const dealerOfferInputSchema = z.object({
  dealer: requiredText(120, 'Name the dealer'),
  contact: optionalText(200),
  vehicle: requiredText(160, 'Describe the vehicle offered'),
  vin: optionalVin,
  price_cents: moneyField('Price'),
  fees_cents: moneyField('Dealer fees').default(0),
  availability: z.enum(availabilities, { error: 'Choose when the vehicle is available' }),
  available_on: optionalCalendarDay(),
  expires_on: optionalCalendarDay(),
  document_id: z.uuid().nullable().default(null),
});
export type DealerOfferInput = z.output<typeof dealerOfferInputSchema>;

/**
 * The offer as typed: money in dollars under the API's cents names (so a message from the server lands on its field),
 * a blank date or document as none.
 */
export const dealerOfferFormSchema = dealerOfferInputSchema.extend({
  price_cents: typedCents(dealerOfferInputSchema.shape.price_cents),
  fees_cents: typedCents(moneyField('Dealer fees'), 0),
  document_id: z.preprocess((v) => (v === '' ? null : v), dealerOfferInputSchema.shape.document_id),
});
export type DealerOfferForm = z.input<typeof dealerOfferFormSchema>;

/** An offer as its form shows it: cents as dollars, none as blank. */
export const dealerOfferToForm = (offer: DealerOfferInput): DealerOfferForm => ({
  dealer: offer.dealer,
  contact: offer.contact ?? '',
  vehicle: offer.vehicle,
  vin: offer.vin ?? '',
  price_cents: dollarsText(offer.price_cents),
  fees_cents: dollarsText(offer.fees_cents),
  availability: offer.availability,
  available_on: offer.available_on ?? '',
  expires_on: offer.expires_on ?? '',
  document_id: offer.document_id ?? '',
});

/** PUT: the offer as edited, with the version read. */
export const dealerOfferUpdateSchema = dealerOfferInputSchema.extend({ updated_at: version });

/** POST …/choose: the reason the other offers are declined. */
export const chooseOfferSchema = z.object({ decline_reason: requiredText(200, DECLINE_REASON_REQUIRED) });

export const offerStatuses = ['open', 'chosen', 'declined'] as const;
export type OfferStatus = (typeof offerStatuses)[number];
export const offerStatusLabels: Record<OfferStatus, string> = { open: 'Open', chosen: 'Chosen', declined: 'Declined' };

export const dealerOfferSchema = z.object({
  id: z.string(),
  dealer: z.string(),
  contact: z.string().nullable(),
  vehicle: z.string(),
  vin: z.string().nullable(),
  price_cents: z.number(),
  fees_cents: z.number(),
  availability: z.enum(availabilities),
  available_on: z.string().nullable(),
  expires_on: z.string().nullable(),
  document_id: z.string().nullable(),
  document_name: z.string().nullable(),
  status: z.enum(offerStatuses),
  decline_reason: z.string().nullable(),
  /** The sales tax the client pays, by the rule of the deal's state and its local rate (`offerCost`). */
  sales_tax_cents: z.number(),
  /** What the client pays in all for this offer (`offerCost` in client-total.ts). */
  total_cents: z.number(),
  created_by_name: z.string().nullable(),
  updated_at: z.string(),
});
export type DealerOffer = z.infer<typeof dealerOfferSchema>;

export const dealerOfferListSchema = z.object({
  items: z.array(dealerOfferSchema),
  broker_fee_cents: z.number(),
  /** The state and combined rate the comparison taxes each offer at: the worksheet's, or the default state's. */
  state: z.string(),
  tax_rate_percent: z.number(),
  /** Whether that state taxes a documentation fee, and so the dealer's fees. */
  dealer_fees_taxed: z.boolean(),
});
export type DealerOfferList = z.infer<typeof dealerOfferListSchema>;
