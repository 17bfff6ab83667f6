import { z } from 'zod';
import { isRecordId, optionalText, requiredText, version } from '../common/fields.js';
import { TASK_TITLE_MAX, taskTypeLabels, taskTypes, type TaskType } from './schemas.js';

/**
 * Action plans: sequences of tasks an admin defines, each step a day after the plan starts, a task type, a title and an
 * optional message. A plan starts on a customer by hand or by an event, and stops when the customer answers, buys or is
 * marked inactive.
 */

/** What starts a plan: a person, a new lead from the plan's source, or a completed deal. */
export const planTriggers = ['manual', 'lead', 'deal_completed'] as const;
export type PlanTrigger = (typeof planTriggers)[number];
export const planTriggerLabels: Record<PlanTrigger, string> = {
  manual: 'By hand',
  lead: 'A new lead from a source',
  deal_completed: 'A completed deal',
};

/** A step is a call, an e-mail, a text or a to-do; an appointment needs a time agreed with the customer. */
export const planStepTypes = taskTypes.filter((type): type is Exclude<TaskType, 'appointment'> => type !== 'appointment');
export type PlanStepType = (typeof planStepTypes)[number];

/** Why a plan stopped. */
export const planStopReasons = ['answered', 'bought', 'lost', 'by_hand', 'finished'] as const;
export type PlanStopReason = (typeof planStopReasons)[number];
export const planStopReasonLabels: Record<PlanStopReason, string> = {
  answered: 'the customer answered',
  bought: 'the customer bought',
  lost: 'the customer was marked inactive',
  by_hand: 'stopped by hand',
  finished: 'every step was added',
};

/** What a step's message may name; each is filled in when the step's task is added. */
export const planPlaceholders = {
  '{first_name}': "the customer's first name",
  '{name}': "the customer's name",
  '{agent}': "the agent's name",
  '{company}': "the company's name",
} as const;
const PLACEHOLDER = /\{[^{}\s]*\}/g;
export const unknownPlaceholder = (found: string) =>
  `${found} is not a placeholder: use ${Object.keys(planPlaceholders).join(', ')}`;

export const PLAN_MAX_STEPS = 20;
export const PLAN_MAX_DAY = 365;
export const PLAN_DAY_RANGE = `Choose a day from 0 to ${PLAN_MAX_DAY}`;
export const PLAN_NAME_REQUIRED = 'Name is required';
export const PLAN_NAME_TAKEN = 'A plan with this name already exists';
export const PLAN_SOURCE_REQUIRED = 'Choose the lead source';
export const PLAN_STEPS_REQUIRED = 'Add at least one step';
export const PLAN_TOO_MANY_STEPS = `A plan has at most ${PLAN_MAX_STEPS} steps`;
export const PLAN_RUNNING = 'This customer is already on a plan: stop it first';
export const PLAN_INACTIVE = 'This plan is turned off';

export const planStepSchema = z.object({
  day: z.number(PLAN_DAY_RANGE).int(PLAN_DAY_RANGE).min(0, PLAN_DAY_RANGE).max(PLAN_MAX_DAY, PLAN_DAY_RANGE),
  type: z.enum(planStepTypes, 'Choose a task type'),
  title: requiredText(TASK_TITLE_MAX, 'Title is required'),
  message: optionalText(2000).superRefine((message, ctx) => {
    const unknown = message?.match(PLACEHOLDER)?.find((found) => !(found in planPlaceholders));
    if (unknown) ctx.addIssue({ code: 'custom', message: unknownPlaceholder(unknown) });
  }),
});
export type PlanStep = z.output<typeof planStepSchema>;

const planFields = {
  name: requiredText(100, PLAN_NAME_REQUIRED),
  starts_on: z.enum(planTriggers, 'Choose what starts the plan').default('manual'),
  /** For a plan a new lead starts: the lead source's name (an ADF source, or one chosen when a lead is added by hand). */
  lead_source: optionalText(100),
  active: z.boolean('Choose on or off').default(true),
  steps: z.array(planStepSchema, PLAN_STEPS_REQUIRED).min(1, PLAN_STEPS_REQUIRED).max(PLAN_MAX_STEPS, PLAN_TOO_MANY_STEPS),
};

type PlanShape = { starts_on: PlanTrigger; lead_source: string | null; steps: PlanStep[] };

/** A plan a lead starts names its source (others drop one); its steps are kept in the order of their days. */
function planShape<T extends PlanShape>(plan: T, ctx: z.RefinementCtx): T {
  if (plan.starts_on === 'lead' && !plan.lead_source)
    ctx.addIssue({ code: 'custom', path: ['lead_source'], message: PLAN_SOURCE_REQUIRED });
  return {
    ...plan,
    lead_source: plan.starts_on === 'lead' ? plan.lead_source : null,
    steps: plan.steps
      .map((step, i) => ({ step, i }))
      .sort((a, b) => a.step.day - b.step.day || a.i - b.i)
      .map(({ step }) => step),
  };
}

export const planInputSchema = z.object(planFields).transform(planShape);
export type PlanInput = z.output<typeof planInputSchema>;
export type PlanFormValues = z.input<typeof planInputSchema>;

/** An edit of a plan, at the version it was loaded at; running plans keep the steps they started with. */
export const planUpdateSchema = z.object({ ...planFields, updated_at: version }).transform(planShape);
export type PlanUpdate = z.output<typeof planUpdateSchema>;

/** Starting a plan on a customer by hand. */
export const planStartSchema = z.object({
  plan_id: z.string({ error: 'Choose a plan' }).trim().refine(isRecordId, 'Choose a plan'),
});

export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  starts_on: z.enum(planTriggers),
  lead_source: z.string().nullable(),
  active: z.boolean(),
  steps: z.array(z.object({ day: z.number(), type: z.enum(planStepTypes), title: z.string(), message: z.string().nullable() })),
  /** How many customers are on it now. */
  running: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Plan = z.infer<typeof planSchema>;
export const planListSchema = z.object({ items: z.array(planSchema) });

/**
 * A customer's latest plan, running or stopped: its steps, each with its day and the task it became (once its day has
 * come), and why it stopped.
 */
export const planRunSchema = z.object({
  id: z.string(),
  plan_id: z.string().nullable(),
  plan_name: z.string(),
  start_day: z.string(),
  started_at: z.string(),
  /** Who started it; null when an event did. */
  started_by_name: z.string().nullable(),
  stopped_at: z.string().nullable(),
  stop_reason: z.enum(planStopReasons).nullable(),
  steps: z.array(
    z.object({
      day: z.number(),
      type: z.enum(planStepTypes),
      title: z.string(),
      /** The company's day the step is (or was) added on. */
      due_date: z.string(),
      /** Whether its day has come and it was added; the task it became while that is kept, and whether it is done. */
      added: z.boolean(),
      task_id: z.string().nullable(),
      done: z.boolean(),
    }),
  ),
  /** The first step still to come while it runs, by its place in `steps`; null once it has stopped. */
  next_step: z.number().nullable(),
});
export type PlanRun = z.infer<typeof planRunSchema>;
export const customerPlanSchema = z.object({ run: planRunSchema.nullable() });
export type CustomerPlan = z.infer<typeof customerPlanSchema>;

/** 'Day 3 · Call' */
export const stepLabel = (step: { day: number; type: PlanStepType }) => `Day ${step.day} · ${taskTypeLabels[step.type]}`;
