/**
 * The FTC's Buyers Guide for a used vehicle (16 CFR 455, the guide as revised in 2016): the choices a dealer makes on
 * it. The guide's printed wording, English and Spanish, is the server's (`render/buyers-guide-text.ts`); these are the
 * boxes and blanks, kept with the vehicle and copied onto the deal that sells it.
 */
import { z } from 'zod';
import { optionalText, version } from '../common/fields.js';

/**
 * Which of the FTC's two fronts the dealer prints: 'As Is – No Dealer Warranty', or 'Implied Warranties Only' where
 * the state does not allow a sale as is. Either carries the Dealer Warranty box beside it.
 */
export const guideVersions = ['as_is', 'implied_only'] as const;
export type GuideVersion = (typeof guideVersions)[number];
export const guideVersionLabels: Record<GuideVersion, string> = {
  as_is: 'As Is – No Dealer Warranty',
  implied_only: 'Implied Warranties Only',
};

/** The dealer's own warranty: none (the first box is marked), or a full or limited one on the systems named. */
export const dealerWarranties = ['none', 'full', 'limited'] as const;
export type DealerWarranty = (typeof dealerWarranties)[number];

/** The boxes below the dealer's: warranties from others that still apply, and the service contract offer. */
export const otherWarranties = ['manufacturer_warranty', 'manufacturer_used_warranty', 'other_used_warranty'] as const;
export type OtherWarranty = (typeof otherWarranties)[number];
export const otherWarrantyLabels: Record<OtherWarranty, string> = {
  manufacturer_warranty: "Manufacturer's warranty still applies",
  manufacturer_used_warranty: "Manufacturer's used vehicle warranty applies",
  other_used_warranty: 'Other used vehicle warranty applies',
};

export const guideLanguages = ['en', 'es'] as const;
export type GuideLanguage = (typeof guideLanguages)[number];

export const GUIDE_PERCENT_MESSAGE = 'Enter a percentage from 0 to 100';
export const GUIDE_SYSTEMS_REQUIRED = 'Name the systems the warranty covers';
export const GUIDE_DURATION_REQUIRED = 'Say how long the warranty lasts';
export const GUIDE_NOT_COMPLETED = 'Complete the Buyers Guide first';
export const GUIDE_NOT_USED = 'A Buyers Guide is for used vehicles: mark the vehicle as used first';

const percent = z
  .number({ error: GUIDE_PERCENT_MESSAGE })
  .int(GUIDE_PERCENT_MESSAGE)
  .min(0, GUIDE_PERCENT_MESSAGE)
  .max(100, GUIDE_PERCENT_MESSAGE)
  .nullish()
  .transform((v) => v ?? null);

const flag = (name: string) => z.boolean({ error: `${name} must be checked or not` }).default(false);

/** The guide's choices as a dealer fills them in. */
export const buyersGuideSchema = z
  .object({
    version: z.enum(guideVersions).default('as_is'),
    dealer_warranty: z.enum(dealerWarranties).default('none'),
    /** A limited warranty: the share of labor and of parts the dealer pays for the covered systems. */
    labor_percent: percent,
    parts_percent: percent,
    systems_covered: optionalText(600),
    duration: optionalText(200),
    manufacturer_warranty: flag("Manufacturer's warranty"),
    manufacturer_used_warranty: flag("Manufacturer's used vehicle warranty"),
    other_used_warranty: flag('Other used vehicle warranty'),
    service_contract: flag('Service contract'),
    /** Optional on the form: the dealer's stock number. */
    stock_number: optionalText(40),
    /** The back side's 'For complaints after sale, contact': a person or an office and how to reach them. */
    complaints_contact: optionalText(300),
  })
  .superRefine((guide, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (guide.dealer_warranty === 'none') return;
    if (!guide.systems_covered) issue('systems_covered', GUIDE_SYSTEMS_REQUIRED);
    if (!guide.duration) issue('duration', GUIDE_DURATION_REQUIRED);
    if (guide.dealer_warranty === 'limited') {
      if (guide.labor_percent === null) issue('labor_percent', GUIDE_PERCENT_MESSAGE);
      if (guide.parts_percent === null) issue('parts_percent', GUIDE_PERCENT_MESSAGE);
    }
  })
  // What a box not marked leaves blank is not kept: a guide says only what it prints.
  .transform((guide) => ({
    ...guide,
    labor_percent: guide.dealer_warranty === 'limited' ? guide.labor_percent : null,
    parts_percent: guide.dealer_warranty === 'limited' ? guide.parts_percent : null,
    systems_covered: guide.dealer_warranty === 'none' ? null : guide.systems_covered,
    duration: guide.dealer_warranty === 'none' ? null : guide.duration,
  }));
export type BuyersGuideInput = z.input<typeof buyersGuideSchema>;
export type BuyersGuideChoices = z.output<typeof buyersGuideSchema>;

/** PUT /api/vehicles/:id/buyers-guide: the choices, saved on the vehicle's version read. */
export const saveBuyersGuideSchema = z.object({ guide: buyersGuideSchema, updated_at: version });
export type SaveBuyersGuide = z.output<typeof saveBuyersGuideSchema>;

/** ?lang=es prints the Spanish guide, for a sale conducted in Spanish. */
export const guideLanguageQuery = z.object({ lang: z.enum(guideLanguages).default('en') });

const choicesShape = z.object({
  version: z.enum(guideVersions),
  dealer_warranty: z.enum(dealerWarranties),
  labor_percent: z.number().nullable(),
  parts_percent: z.number().nullable(),
  systems_covered: z.string().nullable(),
  duration: z.string().nullable(),
  manufacturer_warranty: z.boolean(),
  manufacturer_used_warranty: z.boolean(),
  other_used_warranty: z.boolean(),
  service_contract: z.boolean(),
  stock_number: z.string().nullable(),
  complaints_contact: z.string().nullable(),
});

/** The guide as kept: its choices, and who completed it when. */
export const savedBuyersGuideSchema = choicesShape.extend({ saved_at: z.string(), saved_by: z.string() });
export type SavedBuyersGuide = z.infer<typeof savedBuyersGuideSchema>;

/** GET /api/vehicles/:id/buyers-guide: the vehicle's guide, or null while it has none. */
export const vehicleBuyersGuideSchema = z.object({
  guide: savedBuyersGuideSchema.nullable(),
  /** The vehicle's version, to save the guide on. */
  updated_at: z.string(),
});
export type VehicleBuyersGuide = z.infer<typeof vehicleBuyersGuideSchema>;

/**
 * The guide a deal keeps from the sale: the choices as they were, the vehicle they were for and the dealer who gave
 * them, so that what was agreed prints the same after the vehicle or the company's details change.
 */
export const dealBuyersGuideSchema = savedBuyersGuideSchema.extend({
  vehicle: z.object({ year: z.number(), make: z.string(), model: z.string(), vin: z.string().nullable() }),
  dealer: z.object({
    name: z.string(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  sold_at: z.string(),
});
export type DealBuyersGuide = z.infer<typeof dealBuyersGuideSchema>;
