import { useFieldArray } from 'react-hook-form';
import { ruleOf, taxStates, type StateTaxRule } from '@shared/desking/tax';
import type { DeskingForm } from '@shared/settings/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { formatCents } from '@/lib/format';
import { AddButton, fieldId, Group, ListError, RemoveButton } from './desking-fields';
import type { SettingsFormMethods } from './section';

type Form = SettingsFormMethods;

/** NaN leaves the rate blank until it is typed. */
const newLocalRate: DeskingForm['local_rates'][number] = { state: 'TX', name: '', rate_percent: NaN };

/** The state options of the desking card: every state and DC, by name. */
export function StateOptions() {
  return taxStates.map((s) => (
    <option key={s.state} value={s.state}>
      {s.state} · {s.name}
    </option>
  ));
}

const Unconfirmed = ({ rule, fact }: { rule: StateTaxRule; fact: StateTaxRule['unconfirmed'][number] }) =>
  rule.unconfirmed.includes(fact) ? <span className="text-amber-700 dark:text-amber-400"> (unconfirmed)</span> : null;

function tradeIn(rule: StateTaxRule) {
  if (!rule.trade_in_reduces_taxable) return 'No credit';
  return rule.trade_in_credit_cap_cents === null
    ? 'Lowers it'
    : `Lowers it, up to ${formatCents(rule.trade_in_credit_cap_cents)}`;
}

/**
 * Every state's rule as Torque ships it (src/shared/desking/state-taxes.ts, docs/state-taxes.md with each source), read
 * only; the counties' and cities' rates are the admins' own.
 */
export function DeskingStates({ form }: { form: Form }) {
  return (
    <>
      <Group
        legend="States and their tax rules"
        description="Each state's own rate, whether a trade-in lowers the taxable price, and whether a documentation fee is taxed, with their sources in docs/state-taxes.md. A figure not yet checked against the state's guidance says unconfirmed."
      >
        <details className="rounded-md border">
          <summary className="hover:bg-muted/50 cursor-pointer rounded-md px-3 py-2 text-sm">
            The rules of the 50 states and DC
          </summary>
          <div className="max-h-96 overflow-auto border-t">
            <table className="w-full text-left text-xs" aria-label="State tax rules">
              <thead className="bg-muted/50 sticky top-0">
                <tr>
                  <th className="px-2 py-1.5 font-medium">State</th>
                  <th className="px-2 py-1.5 font-medium">Rate</th>
                  <th className="px-2 py-1.5 font-medium">Trade-in</th>
                  <th className="px-2 py-1.5 font-medium">Doc fee</th>
                </tr>
              </thead>
              <tbody>
                {taxStates.map(({ state }) => {
                  const rule = ruleOf(state)!;
                  return (
                    <tr key={state} className="border-t">
                      <td className="px-2 py-1">{rule.name}</td>
                      <td className="px-2 py-1 tabular-nums">
                        {rule.rate_percent} %<Unconfirmed rule={rule} fact="rate_percent" />
                      </td>
                      <td className="px-2 py-1">
                        {tradeIn(rule)}
                        <Unconfirmed rule={rule} fact="trade_in" />
                      </td>
                      <td className="px-2 py-1">
                        {rule.doc_fee_taxable ? 'Taxed' : 'Not taxed'}
                        <Unconfirmed rule={rule} fact="doc_fee_taxable" />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </details>
      </Group>
      <LocalRates form={form} />
    </>
  );
}

/** The county and city rates the desk picks from, each added to its state's rate. */
function LocalRates({ form }: { form: Form }) {
  const rates = useFieldArray({ control: form.control, name: 'desking.local_rates' });
  const errors = form.formState.errors.desking?.local_rates;
  return (
    <Group legend="County and city rates" description="A rate added to the state's, picked by name on the desk.">
      <ListError error={errors} />
      {rates.fields.length === 0 && <p className="text-muted-foreground text-sm">No county or city rates.</p>}
      <ul className="grid gap-3">
        {rates.fields.map((field, index) => {
          const name = `desking.local_rates.${index}` as const;
          return (
            <li key={field.id} className="grid grid-cols-2 items-end gap-3 sm:grid-cols-[12rem_1fr_8rem_auto]">
              <FormField label="State" htmlFor={fieldId(`${name}.state`)} error={errors?.[index]?.state?.message}>
                <NativeSelect {...form.register(`${name}.state`)}>
                  <StateOptions />
                </NativeSelect>
              </FormField>
              <div className="col-span-2 sm:col-span-1">
                <FormField label="County or city" htmlFor={fieldId(`${name}.name`)} error={errors?.[index]?.name?.message}>
                  <Input autoComplete="off" {...form.register(`${name}.name`)} />
                </FormField>
              </div>
              <FormField
                label="Rate (%)"
                htmlFor={fieldId(`${name}.rate_percent`)}
                error={errors?.[index]?.rate_percent?.message}
              >
                <Input
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={10}
                  step="0.001"
                  {...form.register(`${name}.rate_percent`, { valueAsNumber: true })}
                />
              </FormField>
              <div className="pb-0.5">
                <RemoveButton onClick={() => rates.remove(index)} label={`Remove rate ${index + 1}`} />
              </div>
            </li>
          );
        })}
      </ul>
      <AddButton onClick={() => rates.append(newLocalRate)}>Add county or city</AddButton>
    </Group>
  );
}
