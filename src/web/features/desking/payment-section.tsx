import { addMonths } from '@shared/desking/finance';
import type { WorksheetForm } from '@shared/desking/form';
import { aprFromMoneyFactor, residualFromPercent } from '@shared/desking/lease';
import type { DeskingSettings } from '@shared/desking/settings';
import { structureLabels, type Worksheet } from '@shared/desking/worksheet';
import { dollarsText, toCents } from '@shared/money';
import { Button } from '@/components/ui/button';
import { Section, SwitchField, TextField, type DeskFieldName, type DeskFormMethods } from './desk-fields';

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

export function PaymentSection({ form, desking, today }: { form: DeskFormMethods; desking: DeskingSettings; today: string }) {
  const kind = form.watch('worksheet.structure.kind' as DeskFieldName) as Worksheet['structure']['kind'];
  const moneyFactor = Number(form.watch('worksheet.structure.money_factor' as DeskFieldName));
  const at = (key: string) => `worksheet.structure.${key}` as DeskFieldName;
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
                'worksheet.structure' as DeskFieldName,
                startingStructure(option, desking, today, form.getValues('worksheet')) as never,
                { shouldDirty: true },
              );
              // Options are cells of one way to pay's grid.
              form.setValue('worksheet.options' as DeskFieldName, [] as never, { shouldDirty: true });
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
