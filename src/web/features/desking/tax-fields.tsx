import { get } from 'react-hook-form';
import { localRatesOf, type DeskingSettings } from '@shared/desking/settings';
import { taxFactLabels, taxStates, type StateTaxRule } from '@shared/desking/tax';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { fieldId, type DeskFieldName, type DeskFormMethods } from './desk-fields';

/**
 * The state the buyer registers in, with its rate and a hint where a figure of its rule is not confirmed, and the county
 * or city rate: picked from the admins' list (its rate then fixed), or typed.
 */
export function TaxFields({
  form,
  desking,
  rule,
}: {
  form: DeskFormMethods;
  desking: DeskingSettings;
  rule: StateTaxRule | null;
}) {
  const state = form.watch('state');
  const locality = form.watch('worksheet.locality' as DeskFieldName) as string | null;
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
    form.setValue('worksheet.locality' as DeskFieldName, (listed?.name ?? null) as never, { shouldDirty: true });
    form.setValue('worksheet.local_tax_rate_percent' as DeskFieldName, String(listed?.rate_percent ?? 0) as never, {
      shouldDirty: true,
    });
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

function LocalRateField({ form, fixed }: { form: DeskFormMethods; fixed: boolean }) {
  const name = 'worksheet.local_tax_rate_percent' as DeskFieldName;
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
