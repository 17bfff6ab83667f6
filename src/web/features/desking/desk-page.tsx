import { useMemo, type ReactNode } from 'react';
import { Controller, get, useFieldArray, useForm, type FieldPath, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useParams } from 'react-router';
import { Plus, Trash2 } from 'lucide-react';
import { z } from 'zod';
import { dayIn } from '@shared/common/time';
import type { DealDetail } from '@shared/deals/types';
import { clientTotalCents } from '@shared/desking/client-total';
import { addMonths, paymentSchedule } from '@shared/desking/finance';
import { worksheetFigures } from '@shared/desking/figures';
import { worksheetFiguringSchema, worksheetFormSchema, worksheetToForm, type WorksheetForm } from '@shared/desking/form';
import { leaseTaxLines, worksheetLines, type FigureLine } from '@shared/desking/figure-lines';
import { financeGrid, gridAxes, leaseGrid, residualCentsFor } from '@shared/desking/grid';
import { aprFromMoneyFactor, residualFromPercent } from '@shared/desking/lease';
import { localRatesOf, type DeskingSettings } from '@shared/desking/settings';
import {
  productKindLabels,
  productKinds,
  ruleOf,
  STATE_NOT_LISTED,
  stateCode,
  taxFactLabels,
  taxStates,
  type StateTaxRule,
} from '@shared/desking/tax';
import type { DealWorksheet, WorksheetFigures } from '@shared/desking/types';
import { DESK_CLOSED, MAX_OPTIONS, structureLabels, type GridOption, type Worksheet } from '@shared/desking/worksheet';
import { dollarsText, toCents } from '@shared/money';
import { BackLink } from '@/components/back-link';
import { PageHeader } from '@/components/page-header';
import { queryFallback } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useDeal } from '@/features/deals/api';
import { DealNotFound, dealVehicle } from '@/features/deals';
import { useSettings } from '@/features/settings/api';
import { formatCents } from '@/lib/format';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useSaveWorksheet, useWorksheet } from './api';
import { QuoteCard } from './quote-card';

const deskFormSchema = z.object({ state: stateCode, worksheet: worksheetFormSchema });
type DeskForm = { state: string; worksheet: WorksheetForm };
type Form = UseFormReturn<DeskForm, unknown, z.output<typeof deskFormSchema>>;
type Name = FieldPath<DeskForm>;

const money = (cents: number) => formatCents(cents, { exact: true });
const fieldId = (name: string) => `desk-${name.replaceAll('.', '-')}`;

function TextField({
  form,
  name,
  label,
  description,
  inputMode = 'decimal',
  type,
}: {
  form: Form;
  name: Name;
  label: string;
  description?: ReactNode;
  inputMode?: 'decimal' | 'numeric' | 'text';
  type?: string;
}) {
  const error = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  return (
    <FormField label={label} htmlFor={fieldId(name)} error={error} description={description}>
      <Input inputMode={inputMode} type={type} autoComplete="off" {...form.register(name)} />
    </FormField>
  );
}

function SwitchField({ form, name, label }: { form: Form; name: Name; label: string }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <label className="flex items-center gap-2 text-sm">
          <Switch checked={field.value === true} onCheckedChange={field.onChange} aria-label={label} />
          {label}
        </label>
      )}
    />
  );
}

function Section({
  title,
  description,
  children,
  action,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card className="gap-4">
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle>{title}</CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {action}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

function AddButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button type="button" variant="outline" size="sm" onClick={onClick}>
      <Plus /> {children}
    </Button>
  );
}

function RemoveButton({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <Button type="button" variant="ghost" size="icon" className="self-end" onClick={onClick} aria-label={label}>
      <Trash2 />
    </Button>
  );
}

const rowGrid = 'grid grid-cols-[1fr_auto_auto] items-end gap-3 sm:grid-cols-[1fr_10rem_auto_auto]';
const wide = 'col-span-full sm:col-span-1';

function RebatesSection({ form }: { form: Form }) {
  const rebates = useFieldArray({ control: form.control, name: 'worksheet.rebates' as never });
  return (
    <Section
      title="Rebates and incentives"
      action={<AddButton onClick={() => rebates.append({ name: '', amount_cents: '' } as never)}>Add rebate</AddButton>}
    >
      {rebates.fields.length === 0 && <p className="text-muted-foreground text-sm">No rebates.</p>}
      {rebates.fields.map((field, index) => (
        <div key={field.id} className="grid grid-cols-[1fr_auto] items-end gap-3 sm:grid-cols-[1fr_10rem_auto]">
          <div className={wide}>
            <TextField form={form} name={`worksheet.rebates.${index}.name` as Name} label="Rebate" inputMode="text" />
          </div>
          <TextField form={form} name={`worksheet.rebates.${index}.amount_cents` as Name} label="Amount ($)" />
          <RemoveButton onClick={() => rebates.remove(index)} label={`Remove rebate ${index + 1}`} />
        </div>
      ))}
    </Section>
  );
}

function FeesSection({ form }: { form: Form }) {
  const fees = useFieldArray({ control: form.control, name: 'worksheet.fees' as never });
  return (
    <Section
      title="Fees"
      description="A documentation fee is taxed as the state's rule says; any other fee as marked."
      action={
        <AddButton onClick={() => fees.append({ name: '', amount_cents: '', taxable: false, kind: 'other' } as never)}>
          Add fee
        </AddButton>
      }
    >
      {fees.fields.length === 0 && <p className="text-muted-foreground text-sm">No fees.</p>}
      {fees.fields.map((field, index) => (
        <div key={field.id} className={rowGrid}>
          <div className={wide}>
            <TextField form={form} name={`worksheet.fees.${index}.name` as Name} label="Fee" inputMode="text" />
          </div>
          <TextField form={form} name={`worksheet.fees.${index}.amount_cents` as Name} label="Amount ($)" />
          <div className="pb-2">
            <SwitchField form={form} name={`worksheet.fees.${index}.taxable` as Name} label="Taxed" />
          </div>
          <RemoveButton onClick={() => fees.remove(index)} label={`Remove fee ${index + 1}`} />
        </div>
      ))}
    </Section>
  );
}

function ProductsSection({ form, desking }: { form: Form; desking: DeskingSettings }) {
  const products = useFieldArray({ control: form.control, name: 'worksheet.products' as never });
  const blank = { kind: 'service_contract', name: '', price_cents: '', cost_cents: '', taxable: false };
  return (
    <Section
      title="Products"
      description="Service contracts, GAP and maintenance plans: price to the customer and cost to the store."
      action={
        <div className="flex flex-wrap gap-2">
          {desking.products.length > 0 && (
            <NativeSelect
              aria-label="Add a product from the settings"
              value=""
              onChange={(event) => {
                const chosen = desking.products[Number(event.target.value)];
                if (chosen) products.append(worksheetProduct(chosen) as never);
              }}
            >
              <option value="">Add from settings…</option>
              {desking.products.map((product, index) => (
                <option key={index} value={index}>
                  {product.name}
                </option>
              ))}
            </NativeSelect>
          )}
          <AddButton onClick={() => products.append(blank as never)}>Add product</AddButton>
        </div>
      }
    >
      {products.fields.length === 0 && <p className="text-muted-foreground text-sm">No products.</p>}
      {products.fields.map((field, index) => (
        <div key={field.id} className="grid grid-cols-2 items-end gap-3 sm:grid-cols-4">
          <div className="sm:col-span-2">
            <FormField label="Kind" htmlFor={fieldId(`worksheet.products.${index}.kind`)}>
              <NativeSelect {...form.register(`worksheet.products.${index}.kind` as Name)}>
                {productKinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {productKindLabels[kind]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <div className="sm:col-span-2">
            <TextField form={form} name={`worksheet.products.${index}.name` as Name} label="Product" inputMode="text" />
          </div>
          <TextField form={form} name={`worksheet.products.${index}.price_cents` as Name} label="Price ($)" />
          <TextField form={form} name={`worksheet.products.${index}.cost_cents` as Name} label="Cost ($)" />
          <div className="pb-2">
            <SwitchField form={form} name={`worksheet.products.${index}.taxable` as Name} label="Taxed" />
          </div>
          <RemoveButton onClick={() => products.remove(index)} label={`Remove product ${index + 1}`} />
        </div>
      ))}
    </Section>
  );
}

const worksheetProduct = (product: DeskingSettings['products'][number]) => ({
  ...product,
  price_cents: dollarsText(product.price_cents),
  cost_cents: dollarsText(product.cost_cents),
});

function TradeInsSection({ form }: { form: Form }) {
  const trades = useFieldArray({ control: form.control, name: 'worksheet.trade_ins' as never });
  const blank = {
    vin: '',
    year: '',
    make: '',
    model: '',
    allowance_cents: '',
    actual_cash_value_cents: '',
    payoff_cents: '0.00',
    lender: '',
  };
  return (
    <Section
      title="Trade-ins"
      description="The allowance is what the customer is given; a payoff above it is negative equity, carried into the deal."
      action={trades.fields.length < 3 && <AddButton onClick={() => trades.append(blank as never)}>Add trade-in</AddButton>}
    >
      {trades.fields.length === 0 && <p className="text-muted-foreground text-sm">No trade-in.</p>}
      {trades.fields.map((field, index) => {
        const at = (key: string) => `worksheet.trade_ins.${index}.${key}` as Name;
        return (
          <fieldset key={field.id} className="grid gap-3 rounded-lg border p-3">
            <legend className="px-1 text-sm font-medium">Trade-in {index + 1}</legend>
            <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-3">
              <div className="col-span-2">
                <TextField form={form} name={at('vin')} label="VIN" inputMode="text" />
              </div>
              <TextField form={form} name={at('year')} label="Year" inputMode="numeric" />
              <TextField form={form} name={at('make')} label="Make" inputMode="text" />
              <div className="sm:col-span-2">
                <TextField form={form} name={at('model')} label="Model" inputMode="text" />
              </div>
              <TextField form={form} name={at('allowance_cents')} label="Allowance ($)" />
              <TextField form={form} name={at('actual_cash_value_cents')} label="Actual cash value ($)" />
              <TextField form={form} name={at('payoff_cents')} label="Payoff ($)" />
              <div className="col-span-2">
                <TextField form={form} name={at('lender')} label="Lender" inputMode="text" />
              </div>
            </div>
            <div className="flex justify-end">
              <Button type="button" variant="ghost" size="sm" onClick={() => trades.remove(index)}>
                <Trash2 /> Remove trade-in
              </Button>
            </div>
          </fieldset>
        );
      })}
    </Section>
  );
}

/** What each way to pay starts with when the desk switches to it: the settings' defaults, today's contract. */
function startingStructure(
  kind: Worksheet['structure']['kind'],
  desking: DeskingSettings,
  today: string,
  worksheet: WorksheetForm,
) {
  if (kind === 'cash') return { kind };
  const term = desking.grid_terms[desking.grid_terms.length - 1] ?? 60;
  if (kind === 'finance')
    return { kind, apr_percent: '', term_months: String(term), contract_date: today, first_payment_date: addMonths(today, 1) };
  const leaseTerm = desking.grid_terms[0] ?? 36;
  const residual = desking.lease.residuals.find((r) => r.term_months === leaseTerm);
  const base = Number(String(worksheet.msrp_cents || worksheet.selling_price_cents).replaceAll(',', ''));
  return {
    kind,
    residual_value_cents:
      residual && Number.isFinite(base) ? dollarsText(residualFromPercent(toCents(base), residual.percent)) : '',
    money_factor: String(desking.lease.money_factor),
    term_months: String(leaseTerm),
    acquisition_fee_cents: dollarsText(desking.lease.acquisition_fee_cents),
    acquisition_fee_capitalized: true,
    upfront_fees_cents: '0.00',
    security_deposit_cents: '0.00',
    disposition_fee_cents: dollarsText(desking.lease.disposition_fee_cents),
    miles_per_year: String(desking.lease.miles_per_year),
  };
}

function PaymentSection({ form, desking, today }: { form: Form; desking: DeskingSettings; today: string }) {
  const kind = form.watch('worksheet.structure.kind' as Name) as Worksheet['structure']['kind'];
  const moneyFactor = Number(form.watch('worksheet.structure.money_factor' as Name));
  const at = (key: string) => `worksheet.structure.${key}` as Name;
  return (
    <Section title="How the customer pays">
      <div role="radiogroup" aria-label="How the customer pays" className="flex flex-wrap gap-2">
        {(['cash', 'finance', 'lease'] as const).map((option) => (
          <Button
            key={option}
            type="button"
            role="radio"
            aria-checked={kind === option}
            variant={kind === option ? 'default' : 'outline'}
            size="sm"
            onClick={() => {
              if (kind === option) return;
              form.setValue(
                'worksheet.structure' as Name,
                startingStructure(option, desking, today, form.getValues('worksheet')) as never,
                { shouldDirty: true },
              );
              // Options are cells of one way to pay's grid.
              form.setValue('worksheet.options' as Name, [] as never, { shouldDirty: true });
            }}
          >
            {structureLabels[option]}
          </Button>
        ))}
      </div>
      <TextField form={form} name="worksheet.cash_down_cents" label="Cash down ($)" />
      {kind === 'finance' && (
        <div className="grid grid-cols-2 items-start gap-3">
          <TextField form={form} name={at('apr_percent')} label="APR (%)" />
          <TextField form={form} name={at('term_months')} label="Term (months)" inputMode="numeric" />
          <TextField form={form} name={at('contract_date')} label="Contract date" type="date" inputMode="text" />
          <TextField form={form} name={at('first_payment_date')} label="First payment" type="date" inputMode="text" />
        </div>
      )}
      {kind === 'lease' && (
        <div className="grid grid-cols-2 items-start gap-3 sm:grid-cols-3">
          <TextField form={form} name={at('residual_value_cents')} label="Residual ($)" />
          <TextField
            form={form}
            name={at('money_factor')}
            label="Money factor"
            description={
              Number.isFinite(moneyFactor) && moneyFactor > 0
                ? `≈ ${aprFromMoneyFactor(moneyFactor).toFixed(2)} % APR`
                : undefined
            }
          />
          <TextField form={form} name={at('term_months')} label="Term (months)" inputMode="numeric" />
          <TextField form={form} name={at('miles_per_year')} label="Miles per year" inputMode="numeric" />
          <TextField form={form} name={at('acquisition_fee_cents')} label="Acquisition fee ($)" />
          <TextField form={form} name={at('disposition_fee_cents')} label="Disposition fee ($)" />
          <TextField form={form} name={at('upfront_fees_cents')} label="Fees at signing ($)" />
          <TextField form={form} name={at('security_deposit_cents')} label="Security deposit ($)" />
          <div className="col-span-full">
            <SwitchField form={form} name={at('acquisition_fee_capitalized')} label="Acquisition fee paid over the term" />
          </div>
        </div>
      )}
    </Section>
  );
}

function Line({ label, value, strong, tone }: { label: string; value: string; strong?: boolean; tone?: 'warning' }) {
  return (
    <>
      <dt className={tone === 'warning' ? 'text-destructive' : 'text-muted-foreground'}>{label}</dt>
      <dd className={`text-right tabular-nums ${strong ? 'font-semibold' : ''} ${tone === 'warning' ? 'text-destructive' : ''}`}>
        {value}
      </dd>
    </>
  );
}

/** Figure lines as the shared rule words them: a credit with a minus, negative equity in the warning tone. */
function Lines({ lines }: { lines: FigureLine[] }) {
  return lines.map((line) => (
    <Line
      key={line.label}
      label={line.label}
      value={line.credit ? `− ${money(line.cents)}` : money(line.cents)}
      strong={line.strong}
      tone={line.tone}
    />
  ));
}

function FiguresCard({
  figures,
  kind,
  brokerFee,
  rule,
}: {
  figures: WorksheetFigures;
  kind: Worksheet['structure']['kind'];
  brokerFee: number;
  rule: StateTaxRule;
}) {
  const { totals, finance, lease } = figures;
  // Regulation Z § 1026.18(g)–(h): the number, amounts and timing of the payments, and their sum.
  const schedule = finance && paymentSchedule(finance);
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>Figures</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm" aria-label="Worksheet figures">
          <Lines lines={worksheetLines(totals, kind)} />
          {brokerFee > 0 && <Line label="Broker fee, paid apart" value={money(brokerFee)} />}
          {brokerFee > 0 && <Line label="Client’s total" value={money(clientTotalCents(totals, brokerFee))} strong />}
        </dl>
        {finance && schedule && (
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 border-t pt-3 text-sm" aria-label="Finance terms">
            <Line label="Annual percentage rate" value={`${finance.apr_percent.toFixed(2)} %`} />
            <Line label="Finance charge" value={money(finance.finance_charge_cents)} />
            <Line label="Total of payments" value={money(schedule.total_of_payments_cents)} />
            {schedule.runs.map((run, index) => (
              <Line
                key={index}
                label={
                  index > 0
                    ? `${run.count} final payment of`
                    : `${run.count} monthly ${run.count === 1 ? 'payment' : 'payments'} of`
                }
                value={money(run.amount_cents)}
                strong={index === 0}
              />
            ))}
          </dl>
        )}
        {lease && (
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 border-t pt-3 text-sm" aria-label="Lease terms">
            <Line label="Gross capitalized cost" value={money(lease.gross_capitalized_cost_cents)} />
            <Line label="Capitalized cost reduction" value={`− ${money(lease.capitalized_cost_reduction_cents)}`} />
            <Line label="Adjusted capitalized cost" value={money(lease.adjusted_capitalized_cost_cents)} />
            <Line label="Residual value" value={money(lease.residual_value_cents)} />
            <Line label="Depreciation and amortized amounts" value={money(lease.depreciation_cents)} />
            <Line label="Rent charge" value={money(lease.rent_charge_cents)} />
            <Line label="Base monthly payment" value={money(lease.base_monthly_payment_cents)} />
            <Lines lines={leaseTaxLines(lease, totals, rule)} />
            <Line label={`${lease.term_months} monthly payments of`} value={money(lease.total_monthly_payment_cents)} strong />
            <Line label="Amount due at signing" value={money(lease.amount_due_at_signing_cents)} strong />
            <Line label="Total of payments" value={money(lease.total_of_payments_cents)} />
            <Line label="Money factor as APR" value={`${lease.apr_equivalent_percent.toFixed(2)} %`} />
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

type GridView = {
  terms: number[];
  downs: number[];
  rows: { main: number; note?: number }[][];
  note?: string;
};

/** The payment grid of the chosen way to pay, worked out again on every keystroke. */
function gridOf(worksheet: Worksheet, desking: DeskingSettings, rule: NonNullable<DealWorksheet['rule']>): GridView | null {
  const axes = gridAxes(worksheet, desking);
  const { structure } = worksheet;
  if (structure.kind === 'finance') {
    const grid = financeGrid(worksheet, rule, { ...axes, ...structure });
    return { ...axes, rows: grid.rows.map((row) => row.map((cell) => ({ main: cell.payment_cents }))) };
  }
  if (structure.kind === 'lease') {
    const residualCents = residualCentsFor(worksheet, structure, desking.lease.residuals);
    const grid = leaseGrid(worksheet, structure, rule, { ...axes, residualCents });
    return {
      ...axes,
      note: 'due at signing',
      rows: grid.rows.map((row) =>
        row.map((cell) => ({ main: cell.total_monthly_payment_cents, note: cell.amount_due_at_signing_cents })),
      ),
    };
  }
  return null;
}

const optionLabel = (option: GridOption) => `${option.term_months} mo, ${formatCents(option.cash_down_cents)} down`;

/**
 * The grid, each cell a toggle that marks it as an option to present on the customer's quote (at most three, in the
 * order marked).
 */
function GridCard({ grid, form, marked, readOnly }: { grid: GridView; form: Form; marked: GridOption[]; readOnly: boolean }) {
  const isMarked = (term: number, down: number) => marked.findIndex((o) => o.term_months === term && o.cash_down_cents === down);
  const toggle = (term: number, down: number) => {
    const at = isMarked(term, down);
    const next = at >= 0 ? marked.filter((_, i) => i !== at) : [...marked, { term_months: term, cash_down_cents: down }];
    const typed = next.map((o) => ({ term_months: String(o.term_months), cash_down_cents: dollarsText(o.cash_down_cents) }));
    form.setValue('worksheet.options' as Name, typed as never, { shouldDirty: true, shouldValidate: true });
  };
  const error = (get(form.formState.errors, 'worksheet.options') as { message?: string } | undefined)?.message;
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>Payment grid</CardTitle>
        <CardDescription>
          Monthly payment by term (rows) and cash down (columns). Choose up to {MAX_OPTIONS} to present on the quote.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-3 px-4">
        <Table className="text-[13px]">
          <TableHeader>
            <TableRow>
              <TableHead className="px-1.5">Term</TableHead>
              {grid.downs.map((down) => (
                <TableHead key={down} className="h-auto px-1.5 py-1.5 text-right leading-tight whitespace-normal">
                  {/* "down" goes under the amount where three columns would not fit on one line. */}
                  {formatCents(down)} down
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {grid.rows.map((row, index) => {
              const term = grid.terms[index]!;
              return (
                <TableRow key={term}>
                  <TableCell className="px-1.5 font-medium">{term} mo</TableCell>
                  {row.map((cell, column) => {
                    const down = grid.downs[column]!;
                    const position = isMarked(term, down);
                    return (
                      <TableCell key={down} className="p-0.5 text-right tabular-nums">
                        <button
                          type="button"
                          aria-pressed={position >= 0}
                          aria-label={`Present ${optionLabel({ term_months: term, cash_down_cents: down })}: ${money(cell.main)} a month`}
                          disabled={readOnly || (position < 0 && marked.length >= MAX_OPTIONS)}
                          onClick={() => toggle(term, down)}
                          className={`focus-visible:ring-ring/50 w-full rounded-md px-1.5 py-1 text-right outline-none focus-visible:ring-[3px] disabled:opacity-60 ${
                            position >= 0 ? 'bg-primary text-primary-foreground' : 'hover:bg-muted'
                          }`}
                        >
                          <div className="font-medium">{money(cell.main)}</div>
                          {cell.note !== undefined && (
                            <div className={`text-xs ${position >= 0 ? '' : 'text-muted-foreground'}`}>
                              {money(cell.note)} {grid.note}
                            </div>
                          )}
                        </button>
                      </TableCell>
                    );
                  })}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        <p className="text-muted-foreground text-sm" aria-live="polite">
          {marked.length === 0
            ? 'No options chosen: the quote presents the terms above.'
            : `To present: ${marked.map((o, i) => `${i + 1}. ${optionLabel(o)}`).join('; ')}`}
        </p>
        {error && (
          <p className="text-destructive text-sm" role="alert">
            {error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The state the buyer registers in, with its rate and a hint where a figure of its rule is not confirmed, and the county
 * or city rate: picked from the admins' list (its rate then fixed), or typed.
 */
function TaxFields({ form, desking, rule }: { form: Form; desking: DeskingSettings; rule: StateTaxRule | null }) {
  const state = form.watch('state');
  const locality = form.watch('worksheet.locality' as Name) as string | null;
  const localities = localRatesOf(desking, state);
  const unconfirmed = rule?.unconfirmed.filter((fact) => fact !== 'rate_percent') ?? [];
  const rateHint = rule && (
    <>
      State rate {rule.rate_percent} %
      {rule.unconfirmed.includes('rate_percent') && (
        <span className="font-medium text-amber-700 dark:text-amber-400"> (unconfirmed)</span>
      )}
      {unconfirmed.length > 0 && (
        <span className="block text-xs">Not confirmed: {unconfirmed.map((fact) => taxFactLabels[fact]).join(', ')}</span>
      )}
    </>
  );
  const pick = (name: string) => {
    const listed = localities.find((rate) => rate.name === name);
    form.setValue('worksheet.locality' as Name, (listed?.name ?? null) as never, { shouldDirty: true });
    form.setValue('worksheet.local_tax_rate_percent' as Name, String(listed?.rate_percent ?? 0) as never, { shouldDirty: true });
  };
  const localityError = (get(form.formState.errors, 'worksheet.locality') as { message?: string } | undefined)?.message;
  return (
    <>
      <div className="col-span-2">
        <FormField
          label="Taxed in"
          htmlFor={fieldId('state')}
          error={form.formState.errors.state?.message}
          description={rateHint}
        >
          <NativeSelect {...form.register('state', { onChange: () => pick('') })}>
            {!rule && <option value={state}>{state}</option>}
            {taxStates.map((s) => (
              <option key={s.state} value={s.state}>
                {s.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField label="County or city" htmlFor={fieldId('worksheet.locality')} error={localityError}>
        <NativeSelect value={locality ?? ''} onChange={(event) => pick(event.target.value)}>
          <option value="">{localities.length > 0 ? 'None or typed' : 'None listed'}</option>
          {locality !== null && !localities.some((rate) => rate.name === locality) && (
            <option value={locality}>{locality}</option>
          )}
          {localities.map((rate) => (
            <option key={rate.name} value={rate.name}>
              {rate.name} · {rate.rate_percent} %
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <LocalRateField form={form} fixed={locality !== null} />
    </>
  );
}

function LocalRateField({ form, fixed }: { form: Form; fixed: boolean }) {
  const name = 'worksheet.local_tax_rate_percent' as Name;
  const error = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  return (
    <FormField
      label="Local tax (%)"
      htmlFor={fieldId(name)}
      error={error}
      description={fixed ? 'The county’s or city’s listed rate' : undefined}
    >
      <Input inputMode="decimal" autoComplete="off" readOnly={fixed} {...form.register(name)} />
    </FormField>
  );
}

/** The worksheet's form; its save button sits beside the figures, outside it, where the quote card has a form of its own. */
const DESK_FORM = 'desk-worksheet';

function Desk({
  deal,
  saved,
  desking,
  today,
}: {
  deal: DealDetail;
  saved: DealWorksheet;
  desking: DeskingSettings;
  today: string;
}) {
  const save = useSaveWorksheet(deal.id);
  const values = useMemo(() => ({ state: saved.state, worksheet: worksheetToForm(saved.worksheet) }), [saved]);
  const form: Form = useForm<DeskForm, unknown, z.output<typeof deskFormSchema>>({
    resolver: zodResolver(deskFormSchema) as Resolver<DeskForm, unknown, z.output<typeof deskFormSchema>>,
    values,
    mode: 'onTouched',
  });
  const watched = form.watch();
  const parsed = worksheetFiguringSchema.safeParse(watched.worksheet);
  const rule = ruleOf(watched.state);
  const closed = deal.status === 'completed';
  const figures = parsed.success && rule ? worksheetFigures(parsed.data, rule) : null;
  const grid = parsed.success && rule ? gridOf(parsed.data, desking, rule) : null;

  const submit = form.handleSubmit(async ({ state, worksheet }) => {
    try {
      await save.mutateAsync({ state, worksheet, updated_at: saved.updated_at });
      notifySuccess('Worksheet saved', `The ${dealVehicle(deal)} deal for ${deal.customer_name} is penciled.`);
    } catch (error) {
      if (!showServerErrors(form.setError, error)) notifyError('Could not save the worksheet', (error as Error).message);
    }
  });

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,23rem)]">
      <form id={DESK_FORM} onSubmit={submit} noValidate className="grid grid-cols-[minmax(0,1fr)] gap-4">
        {closed && (
          <p role="note" className="bg-muted rounded-lg border px-4 py-3 text-sm">
            {DESK_CLOSED}
          </p>
        )}
        {/* A completed deal's worksheet is what was signed: every field shows, none changes. */}
        <fieldset
          disabled={closed}
          aria-label={closed ? 'Worksheet, read-only' : undefined}
          className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4"
        >
          <Section title="Vehicle and price">
            <div className="grid grid-cols-2 items-start gap-3 sm:grid-cols-3">
              <TextField form={form} name="worksheet.selling_price_cents" label="Selling price ($)" />
              <TextField form={form} name="worksheet.msrp_cents" label="MSRP ($)" />
              <TextField
                form={form}
                name="worksheet.broker_fee_cents"
                label="Broker fee ($)"
                description="Paid apart from the vehicle"
              />
            </div>
            <div className="grid grid-cols-2 items-start gap-3 sm:grid-cols-4">
              <TaxFields form={form} desking={desking} rule={rule} />
            </div>
          </Section>
          <RebatesSection form={form} />
          <FeesSection form={form} />
          <ProductsSection form={form} desking={desking} />
          <TradeInsSection form={form} />
          <PaymentSection form={form} desking={desking} today={today} />
        </fieldset>
      </form>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:sticky lg:top-4">
        {figures ? (
          <FiguresCard
            figures={figures}
            kind={parsed.data!.structure.kind}
            brokerFee={parsed.data!.broker_fee_cents}
            rule={rule!}
          />
        ) : (
          <Card>
            <CardContent className="text-muted-foreground text-sm" role="status">
              {rule ? 'Correct the marked fields to see the figures.' : STATE_NOT_LISTED}
            </CardContent>
          </Card>
        )}
        {grid && <GridCard grid={grid} form={form} marked={parsed.data!.options} readOnly={closed} />}
        {!closed && (
          <div className="flex flex-wrap justify-end gap-2">
            <Button asChild variant="outline">
              <Link to={`/deals/${deal.id}`}>Cancel</Link>
            </Button>
            <Button type="submit" form={DESK_FORM} disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save worksheet'}
            </Button>
          </div>
        )}
        <QuoteCard deal={deal} ready={saved.updated_at !== null && !form.formState.isDirty} closed={closed} />
      </div>
    </div>
  );
}

/** The desk: a deal's worksheet, its figures and its payment grid, worked out as the salesperson types. */
export function DeskPage() {
  const { id = '' } = useParams();
  const deal = useDeal(id);
  const worksheet = useWorksheet(id);
  const settings = useSettings();
  const messages = { loadingMessage: 'Loading worksheet...', failedMessage: 'Failed to load the worksheet' };
  const fallback =
    queryFallback(deal, { ...messages, notFound: <DealNotFound /> }) ??
    queryFallback(worksheet, messages) ??
    queryFallback(settings, messages);
  if (fallback || !deal.data || !worksheet.data || !settings.data) return fallback;
  const d = deal.data;
  return (
    <div className="grid grid-cols-1 gap-6">
      <BackLink to={`/deals/${d.id}`}>Back to Deal</BackLink>
      <PageHeader title={`Desk: ${dealVehicle(d)}`} description={`${d.customer_name} · ${d.agent_name}`} />
      <Desk deal={d} saved={worksheet.data} desking={settings.data.desking} today={dayIn(settings.data.company.time_zone)} />
    </div>
  );
}
