import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { ChevronRight } from 'lucide-react';
import { leaseTaxMethods, type LeaseTaxMethod } from '@shared/desking/tax';
import type { DeskingForm } from '@shared/settings/form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { AddButton, CheckField, DollarsInput, fieldId, Group, ListError } from './desking-fields';
import type { SettingsFormMethods } from './section';

type Form = SettingsFormMethods;

const leaseMethodLabels: Record<LeaseTaxMethod, string> = {
  monthly: 'On each monthly payment',
  upfront_payments: 'On the payments, at signing',
  upfront_price: 'On the price, at signing',
};

/**
 * A state added by hand starts from the usual rule (as the seeded rules' "not confirmed" facts do), to be checked
 * against the state's own guidance; NaN leaves its rate blank until it is typed.
 */
const usualRule: DeskingForm['states'][number] = {
  state: '',
  name: '',
  rate_percent: NaN,
  trade_in_reduces_taxable: true,
  trade_in_credit_cap_cents: '',
  rebates_reduce_taxable: false,
  doc_fee_taxable: true,
  service_contract_taxable: false,
  gap_taxable: false,
  lease_method: 'monthly',
  source: '',
};

/** Every listed state's tax rule, each folded to its code and name until opened, so the card stays short. */
export function DeskingStates({ form }: { form: Form }) {
  const states = useFieldArray({ control: form.control, name: 'desking.states' });
  return (
    <Group
      legend="States and their tax rules"
      description="Each state's own rate (a county or city adds its rate to it), what lowers the taxable amount, what is taxed, and where the rule was read."
    >
      <ListError error={form.formState.errors.desking?.states} />
      <ul className="grid gap-2">
        {states.fields.map((field, index) => (
          <TaxRule
            key={field.id}
            form={form}
            index={index}
            startsOpen={field.state === ''}
            onRemove={states.fields.length > 1 ? () => states.remove(index) : undefined}
          />
        ))}
      </ul>
      <AddButton onClick={() => states.append(usualRule)}>Add state</AddButton>
    </Group>
  );
}

function TaxRule({
  form,
  index,
  startsOpen,
  onRemove,
}: {
  form: Form;
  index: number;
  startsOpen: boolean;
  /** Absent for the last state: the schema keeps at least one. */
  onRemove?: () => void;
}) {
  const name = `desking.states.${index}` as const;
  const [code, stateName, rate] = useWatch({
    control: form.control,
    name: [`${name}.state`, `${name}.name`, `${name}.rate_percent`],
  });
  const error = form.formState.errors.desking?.states?.[index];
  // Opened once, when the rule is added; the admin folds it again as they like.
  const [open] = useState(startsOpen);
  const details = useRef<HTMLDetailsElement>(null);
  const invalid = error !== undefined;
  useEffect(() => {
    if (invalid && details.current) details.current.open = true;
  }, [invalid]);

  return (
    <li>
      <details ref={details} open={open} className="group rounded-md border">
        <summary className="hover:bg-muted/50 flex cursor-pointer list-none items-center gap-2 rounded-md px-3 py-2 text-sm [&::-webkit-details-marker]:hidden">
          <ChevronRight className="text-muted-foreground size-4 shrink-0 transition-transform group-open:rotate-90" aria-hidden />
          <span className="font-medium">{code || 'New state'}</span>
          <span className="min-w-0 truncate">{stateName}</span>
          {invalid ? (
            <span className="text-destructive ml-auto shrink-0">Check this state</span>
          ) : (
            <span className="text-muted-foreground ml-auto shrink-0 tabular-nums">
              {Number.isFinite(rate) ? `${rate} %` : ''}
            </span>
          )}
        </summary>
        <div className="grid gap-4 border-t p-3">
          <div className="grid grid-cols-2 items-start gap-3 sm:grid-cols-[9rem_minmax(0,1fr)_9rem]">
            <FormField label="Code" htmlFor={fieldId(`${name}.state`)} error={error?.state?.message}>
              <Input
                autoComplete="off"
                autoCapitalize="characters"
                maxLength={2}
                className="uppercase"
                {...form.register(`${name}.state`, { setValueAs: (value: string) => value.toUpperCase() })}
              />
            </FormField>
            <FormField
              label="Name"
              htmlFor={fieldId(`${name}.name`)}
              error={error?.name?.message}
              className="col-span-2 row-start-2 sm:col-span-1 sm:row-start-auto"
            >
              <Input autoComplete="off" {...form.register(`${name}.name`)} />
            </FormField>
            <FormField label="State rate (%)" htmlFor={fieldId(`${name}.rate_percent`)} error={error?.rate_percent?.message}>
              <Input
                type="number"
                inputMode="decimal"
                min={0}
                max={20}
                step="0.001"
                {...form.register(`${name}.rate_percent`, { valueAsNumber: true })}
              />
            </FormField>
          </div>
          <div className="grid items-start gap-3 sm:grid-cols-2">
            <FormField
              label="Trade-in credit cap ($)"
              htmlFor={fieldId(`${name}.trade_in_credit_cap_cents`)}
              description="Blank: no cap"
              error={error?.trade_in_credit_cap_cents?.message}
            >
              <DollarsInput {...form.register(`${name}.trade_in_credit_cap_cents`)} />
            </FormField>
            <FormField label="Lease tax" htmlFor={fieldId(`${name}.lease_method`)} error={error?.lease_method?.message}>
              <NativeSelect {...form.register(`${name}.lease_method`)}>
                {leaseTaxMethods.map((method) => (
                  <option key={method} value={method}>
                    {leaseMethodLabels[method]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <div className="grid gap-2 sm:grid-cols-2">
            <CheckField form={form} name={`${name}.trade_in_reduces_taxable`} label="Trade-in lowers the taxable amount" />
            <CheckField form={form} name={`${name}.rebates_reduce_taxable`} label="Rebates lower the taxable amount" />
            <CheckField form={form} name={`${name}.doc_fee_taxable`} label="Doc fee taxed" />
            <CheckField form={form} name={`${name}.service_contract_taxable`} label="Service contracts taxed" />
            <CheckField form={form} name={`${name}.gap_taxable`} label="GAP taxed" />
          </div>
          <FormField label="Source" htmlFor={fieldId(`${name}.source`)} error={error?.source?.message}>
            <Textarea className="max-h-32 text-xs md:text-xs" {...form.register(`${name}.source`)} />
          </FormField>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            disabled={!onRemove}
            title={onRemove ? undefined : 'Keep at least one state'}
            onClick={onRemove}
          >
            Remove {code || 'this state'}
          </Button>
        </div>
      </details>
    </li>
  );
}
