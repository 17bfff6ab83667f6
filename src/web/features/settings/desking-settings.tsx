import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { aprFromMoneyFactor } from '@shared/desking/lease';
import { feeKinds, productKindLabels, productKinds, type FeeKind } from '@shared/desking/tax';
import type { DeskingForm } from '@shared/settings/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import {
  AddButton,
  DollarsField,
  DollarsInput,
  fieldId,
  Group,
  KindField,
  ListError,
  NameField,
  RemoveButton,
  TaxedItems,
} from './desking-fields';
import { DeskingStates, StateOptions } from './desking-states';
import { Section, type SettingsFormMethods } from './section';

type Form = SettingsFormMethods;

const feeKindLabels: Record<FeeKind, string> = { doc_fee: 'Doc fee', other: 'Other' };

const newFee: DeskingForm['fees'][number] = { name: '', amount_cents: '', taxable: false, kind: 'other', state: null };
const newProduct: DeskingForm['products'][number] = {
  kind: 'service_contract',
  name: '',
  price_cents: '',
  cost_cents: '',
  taxable: false,
};
/** NaN shows as a blank number field, refused until the lender's figures are typed. */
const newResidual: DeskingForm['lease']['residuals'][number] = { term_months: NaN, percent: NaN };

/** Settings → Desking: the states' tax rules, and what every new worksheet starts with. */
export function DeskingSection({ form }: { form: Form }) {
  const errors = form.formState.errors.desking;
  return (
    <Section
      title="Desking"
      description="The states' sales tax rules, the county and city rates, and the fees, products, payment grid and lease terms a new worksheet starts with"
      className="lg:col-span-2"
    >
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <DefaultStateField form={form} />
        <FormField label="Quote valid for (days)" htmlFor="desking-quote-valid-days" error={errors?.quote_valid_days?.message}>
          <Input type="number" min={1} max={60} {...form.register('desking.quote_valid_days', { valueAsNumber: true })} />
        </FormField>
      </div>
      <DeskingStates form={form} />
      <DeskingFees form={form} />
      <DeskingProducts form={form} />
      <PaymentGrid form={form} />
      <LeaseDefaults form={form} />
    </Section>
  );
}

function DefaultStateField({ form }: { form: Form }) {
  return (
    <FormField
      label="Default state"
      htmlFor="desking-default-state"
      description="Whose tax rule a new worksheet starts with"
      error={form.formState.errors.desking?.default_state?.message}
    >
      <NativeSelect {...form.register('desking.default_state')}>
        <StateOptions />
      </NativeSelect>
    </FormField>
  );
}

function DeskingFees({ form }: { form: Form }) {
  const fees = useFieldArray({ control: form.control, name: 'desking.fees' });
  const errors = form.formState.errors.desking?.fees;
  return (
    <TaxedItems
      form={form}
      list="desking.fees"
      noun="fee"
      legend="Fees a new worksheet lists"
      description="A doc fee is taxed as the state's rule says; any other fee as marked."
      rows={fees}
      error={errors}
      rowClassName="grid grid-cols-2 items-start gap-3 border-b pb-3 last:border-0 last:pb-0 md:grid-cols-[minmax(0,1fr)_8rem_8rem_10rem_auto]"
      endClassName="flex h-9 items-center justify-between gap-3 md:mt-5.5"
      onAdd={() => fees.append(newFee)}
    >
      {(index) => {
        const name = `desking.fees.${index}` as const;
        const error = errors?.[index];
        return (
          <>
            <NameField form={form} name={`${name}.name`} error={error?.name?.message} />
            <DollarsField form={form} name={`${name}.amount_cents`} label="Amount ($)" error={error?.amount_cents?.message} />
            <KindField form={form} name={`${name}.kind`} kinds={feeKinds} labels={feeKindLabels} error={error?.kind?.message} />
            <FeeStateField form={form} index={index} />
          </>
        );
      }}
    </TaxedItems>
  );
}

/** All states, or one. */
function FeeStateField({ form, index }: { form: Form; index: number }) {
  return (
    <Controller
      control={form.control}
      name={`desking.fees.${index}.state`}
      render={({ field, fieldState }) => (
        <FormField label="State" htmlFor={fieldId(field.name)} error={fieldState.error?.message}>
          <NativeSelect
            name={field.name}
            ref={field.ref}
            value={field.value ?? ''}
            onChange={(event) => field.onChange(event.target.value || null)}
            onBlur={field.onBlur}
          >
            <option value="">All states</option>
            <StateOptions />
          </NativeSelect>
        </FormField>
      )}
    />
  );
}

function DeskingProducts({ form }: { form: Form }) {
  const products = useFieldArray({ control: form.control, name: 'desking.products' });
  const errors = form.formState.errors.desking?.products;
  return (
    <TaxedItems
      form={form}
      list="desking.products"
      noun="product"
      legend="Products"
      description="Offered on every new worksheet. Service contracts and GAP are taxed as the state's rule says; the others as marked."
      rows={products}
      error={errors}
      rowClassName="grid grid-cols-2 items-start gap-3 border-b pb-3 last:border-0 last:pb-0 md:grid-cols-[11rem_minmax(0,1fr)_8rem_8rem_auto]"
      endClassName="col-span-2 flex h-9 items-center justify-between gap-3 md:col-span-1 md:mt-5.5"
      onAdd={() => products.append(newProduct)}
    >
      {(index) => {
        const name = `desking.products.${index}` as const;
        const error = errors?.[index];
        return (
          <>
            <KindField
              form={form}
              name={`${name}.kind`}
              kinds={productKinds}
              labels={productKindLabels}
              error={error?.kind?.message}
              className="col-span-2 md:col-span-1"
            />
            <NameField form={form} name={`${name}.name`} error={error?.name?.message} />
            <DollarsField form={form} name={`${name}.price_cents`} label="Price ($)" error={error?.price_cents?.message} />
            <DollarsField form={form} name={`${name}.cost_cents`} label="Cost ($)" error={error?.cost_cents?.message} />
          </>
        );
      }}
    </TaxedItems>
  );
}

const gridColumns = [0, 1, 2] as const;

function PaymentGrid({ form }: { form: Form }) {
  const errors = form.formState.errors.desking;
  return (
    <Group legend="Payment grid" description="The terms down the side of a new worksheet's grid, and the cash downs across it.">
      <ListError error={errors?.grid_terms} />
      <ListError error={errors?.grid_downs} />
      <div className="grid gap-4 sm:grid-cols-2">
        <fieldset className="grid min-w-0 gap-2">
          <legend className="mb-2 text-sm font-medium">Terms (months)</legend>
          <div className="grid grid-cols-3 items-start gap-2">
            {gridColumns.map((column) => (
              <FormField
                key={column}
                label={`Term ${column + 1}`}
                htmlFor={`desking-grid-terms-${column}`}
                error={errors?.grid_terms?.[column]?.message}
                className="[&>label]:font-normal"
              >
                <Input
                  type="number"
                  min={1}
                  max={120}
                  {...form.register(`desking.grid_terms.${column}`, { valueAsNumber: true })}
                />
              </FormField>
            ))}
          </div>
        </fieldset>
        <fieldset className="grid min-w-0 gap-2">
          <legend className="mb-2 text-sm font-medium">Cash downs ($)</legend>
          {/* Stacked on a phone, where three amounts side by side would not show in full. */}
          <div className="grid items-start gap-2 min-[30rem]:grid-cols-3">
            {gridColumns.map((column) => (
              <FormField
                key={column}
                label={`Cash down ${column + 1}`}
                htmlFor={`desking-grid-downs-${column}`}
                error={errors?.grid_downs?.[column]?.message}
                className="[&>label]:font-normal"
              >
                <DollarsInput {...form.register(`desking.grid_downs.${column}`)} />
              </FormField>
            ))}
          </div>
        </fieldset>
      </div>
    </Group>
  );
}

function LeaseDefaults({ form }: { form: Form }) {
  const errors = form.formState.errors.desking?.lease;
  const moneyFactor = useWatch({ control: form.control, name: 'desking.lease.money_factor' });
  const residuals = useFieldArray({ control: form.control, name: 'desking.lease.residuals' });
  return (
    <Group legend="Lease defaults">
      <div className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <FormField
          label="Money factor"
          htmlFor="desking-lease-money-factor"
          description={Number.isFinite(moneyFactor) ? `≈ ${aprFromMoneyFactor(moneyFactor).toFixed(2)} % APR` : undefined}
          error={errors?.money_factor?.message}
        >
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step="0.00001"
            {...form.register('desking.lease.money_factor', { valueAsNumber: true })}
          />
        </FormField>
        <FormField
          label="Acquisition fee ($)"
          htmlFor="desking-lease-acquisition-fee-cents"
          error={errors?.acquisition_fee_cents?.message}
        >
          <DollarsInput {...form.register('desking.lease.acquisition_fee_cents')} />
        </FormField>
        <FormField
          label="Disposition fee ($)"
          htmlFor="desking-lease-disposition-fee-cents"
          error={errors?.disposition_fee_cents?.message}
        >
          <DollarsInput {...form.register('desking.lease.disposition_fee_cents')} />
        </FormField>
        <FormField label="Miles per year" htmlFor="desking-lease-miles-per-year" error={errors?.miles_per_year?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={100_000}
            step={500}
            {...form.register('desking.lease.miles_per_year', { valueAsNumber: true })}
          />
        </FormField>
      </div>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">Residuals</legend>
        <p className="text-muted-foreground text-sm">The lender's residual for each term, in percent of MSRP.</p>
        <ListError error={errors?.residuals} />
        {residuals.fields.length === 0 && <p className="text-muted-foreground text-sm">No residuals yet.</p>}
        <ul className="grid max-w-md gap-3 empty:hidden">
          {residuals.fields.map((field, index) => {
            const name = `desking.lease.residuals.${index}` as const;
            const error = errors?.residuals?.[index];
            return (
              <li
                key={field.id}
                aria-label={`Residual ${index + 1}`}
                className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-start gap-3"
              >
                <FormField label="Term (months)" htmlFor={fieldId(`${name}.term_months`)} error={error?.term_months?.message}>
                  <Input type="number" min={1} max={120} {...form.register(`${name}.term_months`, { valueAsNumber: true })} />
                </FormField>
                <FormField label="Residual (%)" htmlFor={fieldId(`${name}.percent`)} error={error?.percent?.message}>
                  <Input
                    type="number"
                    inputMode="decimal"
                    min={1}
                    max={100}
                    step="0.01"
                    {...form.register(`${name}.percent`, { valueAsNumber: true })}
                  />
                </FormField>
                <div className="mt-6">
                  <RemoveButton label={`Remove residual ${index + 1}`} onClick={() => residuals.remove(index)} />
                </div>
              </li>
            );
          })}
        </ul>
        <AddButton onClick={() => residuals.append(newResidual)}>Add residual</AddButton>
      </fieldset>
    </Group>
  );
}
