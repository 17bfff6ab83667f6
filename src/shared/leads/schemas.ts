import { z } from 'zod';
import {
  moneyCents,
  optionalDollars,
  optionalEmail,
  optionalText,
  recordId,
  requiredName,
  requiredText,
  text,
} from '../common/fields.js';
import { leadSources } from '../customers/options.js';
import { optionalParam, pageQuerySchema, pageSchema } from '../http/paging.js';
import { toCents } from '../money.js';

/** Where ADF posts go; the source's key rides along as `?key=` (what most senders can set) or `X-Lead-Key`. */
export const ADF_PATH = '/api/leads/adf';

export const leadSourceInputSchema = z.object({ name: requiredText(100, 'Name is required') });
export type LeadSourceInput = z.output<typeof leadSourceInputSchema>;

/** A service that posts leads (admins only). Its key is shown once, when it is created. */
export const leadSourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  leads: z.number(),
  flagged: z.number(),
});
export type LeadSource = z.infer<typeof leadSourceSchema>;
export const leadSourcesSchema = z.object({ items: z.array(leadSourceSchema) });
export const createdLeadSourceSchema = leadSourceSchema.extend({ key: z.string(), path: z.string() });
export type CreatedLeadSource = z.infer<typeof createdLeadSourceSchema>;

export const leadSourceParams = z.object({ id: recordId });

export const adfQuerySchema = z.object({ key: z.string().max(200).optional() });

/** The ADF endpoint's answer to a body that is not an ADF document it can read; nothing of it is kept. */
export const adfUnreadable = (reason: string) => `The ADF document could not be read: ${reason}`;

/** Prospects one ADF document may carry: senders post a lead as it comes, and one document's work stays bounded. */
export const ADF_MAX_PROSPECTS = 50;
export const ADF_TOO_MANY_PROSPECTS = `An ADF document may carry at most ${ADF_MAX_PROSPECTS} prospects`;
/** Prospects one lead source may post in a minute, every Torque process together. */
export const ADF_PROSPECTS_PER_MINUTE = 60;
export const adfSourceLimited = (seconds: number) => `Too many leads from this source; try again in ${seconds} seconds`;

/** The answer to an ADF post: each prospect's lead, or the one flagged lead when the document could not be read. */
/** One lead taken in: the customer it became or joined, and whom it went to and why. */
export const intakeOutcomeSchema = z.object({
  id: z.string(),
  customer_id: z.string().nullable(),
  new_customer: z.boolean(),
  assigned_to: z.string().nullable(),
  assignment_reason: z.string().nullable(),
});
export type IntakeOutcome = z.infer<typeof intakeOutcomeSchema>;

/** What an agent who adds a lead for another agent's customer is told: that much, and not whose. */
export const LEAD_OF_ANOTHER_AGENT =
  'This person is already a customer of another agent. The lead has gone to that agent, who has been told.';
/** 'Add Lead' answered: the lead taken in, or (to an agent) passed on to the agent whose customer the person is. */
export const manualLeadOutcomeSchema = z.union([
  intakeOutcomeSchema,
  z.object({ passed_on: z.literal(true), message: z.string() }),
]);
export type ManualLeadOutcome = z.infer<typeof manualLeadOutcomeSchema>;
export const adfOutcomeSchema = z.object({
  status: z.enum(['parsed', 'flagged']),
  reason: z.string().nullable(),
  leads: z.array(intakeOutcomeSchema),
});
export type AdfOutcome = z.infer<typeof adfOutcomeSchema>;

/** How a lead arrived: ADF posted by a service, ADF inside inbound mail, the public web form, or added by hand. */
export const leadChannels = ['adf', 'email', 'form', 'manual'] as const;
export type LeadChannel = (typeof leadChannels)[number];
export const leadChannelLabels: Record<LeadChannel, string> = {
  adf: 'ADF',
  email: 'E-mail',
  form: 'Web form',
  manual: 'By hand',
};

/** Whether a lead could be read: a flagged one waits for a person. */
export const leadStatuses = ['parsed', 'flagged'] as const;
export type LeadStatus = (typeof leadStatuses)[number];
export const leadStatusLabels: Record<LeadStatus, string> = { parsed: 'Read', flagged: 'Could not be read' };

/** The Leads screen's lists: every lead, those still waiting for a first answer, and those that could not be read. */
export const leadViews = ['all', 'waiting', 'flagged'] as const;
export type LeadView = (typeof leadViews)[number];
export const leadListQuerySchema = pageQuerySchema.extend({
  view: z.enum(leadViews).default('all'),
  customer: optionalParam(recordId),
});
export type LeadListQuery = z.output<typeof leadListQuerySchema>;

const named = z.object({ id: z.string(), name: z.string() });
/** How a lead's first answer came, by the audit action that was it (`first_response_kind`): 'an e-mail'. */
export const firstAnswerLabels: Record<string, string> = {
  email_sent: 'an e-mail',
  offer_sent: 'an offer',
  contact_logged: 'a logged contact',
};

export const leadItemSchema = z.object({
  id: z.string(),
  received_at: z.string(),
  source_name: z.string(),
  channel: z.enum(leadChannels),
  status: z.enum(leadStatuses),
  /** Why a flagged lead could not be read. */
  reason: z.string().nullable(),
  /** The prospect's name as the lead gave it (the customer's name when it gave none). */
  name: z.string().nullable(),
  vehicle: z.string().nullable(),
  customer: named.nullable(),
  assigned_to: named.nullable(),
  assignment_reason: z.string().nullable(),
  first_response_at: z.string().nullable(),
  first_response_by: z.string().nullable(),
  /** The audit action that answered it: 'email_sent', 'offer_sent' or 'contact_logged'. */
  first_response_kind: z.string().nullable(),
  /** When the admins were told it had waited longer than the settings allow. */
  alerted_at: z.string().nullable(),
  handled_at: z.string().nullable(),
  handled_by: z.string().nullable(),
});
export type LeadItem = z.infer<typeof leadItemSchema>;
export const leadPageSchema = pageSchema(leadItemSchema);
/** One lead with what arrived, as it arrived. */
export const leadDetailSchema = leadItemSchema.extend({ raw: z.string() });
export type LeadDetail = z.infer<typeof leadDetailSchema>;

export const LEAD_CONTACT_REQUIRED = 'Enter an email or a phone number';
/** A budget typed in dollars ('48,500'), as cents; blank is null. */
const budgetCents = optionalDollars('Budget must be a positive amount', 'Budget is too large').transform((v) =>
  v === null ? null : toCents(v),
);

/** The fields a person gives for a lead, by hand or on the web form. */
const leadFields = z.object({
  name: requiredName(200, 'Name is required'),
  email: optionalEmail(),
  phone: optionalText(40),
  interest: optionalText(100),
  comments: optionalText(5000),
});
const hasContact = (v: { email: string | null; phone: string | null }) => v.email !== null || v.phone !== null;
const contactNeeded = { message: LEAD_CONTACT_REQUIRED, path: ['email'] };

/** 'Add Lead' as the API takes it: a lead taken by phone, at the desk or at a show, with its Lead Source. */
export const manualLeadSchema = leadFields
  .extend({
    lead_source: z.enum(leadSources).default('Phone'),
    budget_cents: moneyCents('Budget must be positive', 'Budget is too large')
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine(hasContact, contactNeeded);
export type ManualLead = z.output<typeof manualLeadSchema>;
export type ManualLeadInput = z.input<typeof manualLeadSchema>;

/** The 'Add Lead' form as typed: the budget in dollars. */
export const manualLeadFormSchema = leadFields
  .extend({ lead_source: z.enum(leadSources).default('Phone'), budget: budgetCents })
  .refine(hasContact, contactNeeded)
  .transform(({ budget, ...rest }) => ({ ...rest, budget_cents: budget }));
export type ManualLeadFormValues = z.input<typeof manualLeadFormSchema>;

/**
 * The public web form as posted (form-encoded or JSON), the budget in dollars. `website` is a field people never see:
 * a form that fills it in was filled in by a program.
 */
export const HONEYPOT_FIELD = 'website';
export const webLeadSchema = leadFields
  .extend({ budget: budgetCents, [HONEYPOT_FIELD]: text(500).default('') })
  .refine(hasContact, contactNeeded)
  .transform(({ budget, ...rest }) => ({ ...rest, budget_cents: budget }));
export type WebLead = z.output<typeof webLeadSchema>;
export const leadFormParams = z.object({ source: recordId });
export const leadFormQuery = z.object({ sent: z.string().max(1).optional() });

/** Where a source's public form is hosted, and where it posts. */
export const leadFormPath = (sourceId: string) => `/lead-form/${sourceId}`;
export const leadFormPostPath = (sourceId: string) => `/api/leads/form/${sourceId}`;
/** The snippet a brokerage pastes into its own site: the hosted form in a frame. */
export const leadFormSnippet = (origin: string, sourceId: string) =>
  `<iframe src="${origin}${leadFormPath(sourceId)}" title="Contact us" style="width:100%;max-width:36rem;height:46rem;border:0"></iframe>`;

/** A person's answer to a lead that did not go through Torque's mail: a call, a text from their phone, a note. */
export const contactKinds = ['call', 'text', 'email', 'meeting', 'note'] as const;
export type ContactKind = (typeof contactKinds)[number];
export const contactKindLabels: Record<ContactKind, string> = {
  call: 'Call',
  text: 'Text message',
  email: 'E-mail',
  meeting: 'Meeting',
  note: 'Note',
};
export const contactLogSchema = z.object({
  kind: z.enum(contactKinds, { error: 'Choose how you reached them' }),
  note: optionalText(2000),
});
export type ContactLog = z.output<typeof contactLogSchema>;
