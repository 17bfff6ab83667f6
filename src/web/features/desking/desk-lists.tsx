import { useFieldArray } from 'react-hook-form';
import { Trash2 } from 'lucide-react';
import type { DeskingSettings } from '@shared/desking/settings';
import { productKindLabels, productKinds } from '@shared/desking/tax';
import { dollarsText } from '@shared/money';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import {
  AddButton,
  fieldId,
  RemoveButton,
  Section,
  SwitchField,
  TextField,
  type DeskFieldName,
  type DeskFormMethods,
} from './desk-fields';

/** The worksheet's lists: rebates, fees, products and trade-ins, each row typed on the desk. */

const rowGrid = 'grid grid-cols-[1fr_auto_auto] items-end gap-3 sm:grid-cols-[1fr_10rem_auto_auto]';
const wide = 'col-span-full sm:col-span-1';

export function RebatesSection({ form }: { form: DeskFormMethods }) {
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
            <TextField form={form} name={`worksheet.rebates.${index}.name` as DeskFieldName} label="Rebate" inputMode="text" />
          </div>
          <TextField form={form} name={`worksheet.rebates.${index}.amount_cents` as DeskFieldName} label="Amount ($)" />
          <RemoveButton onClick={() => rebates.remove(index)} label={`Remove rebate ${index + 1}`} />
        </div>
      ))}
    </Section>
  );
}

export function FeesSection({ form }: { form: DeskFormMethods }) {
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
            <TextField form={form} name={`worksheet.fees.${index}.name` as DeskFieldName} label="Fee" inputMode="text" />
          </div>
          <TextField form={form} name={`worksheet.fees.${index}.amount_cents` as DeskFieldName} label="Amount ($)" />
          <div className="pb-2">
            <SwitchField form={form} name={`worksheet.fees.${index}.taxable` as DeskFieldName} label="Taxed" />
          </div>
          <RemoveButton onClick={() => fees.remove(index)} label={`Remove fee ${index + 1}`} />
        </div>
      ))}
    </Section>
  );
}

export function ProductsSection({ form, desking }: { form: DeskFormMethods; desking: DeskingSettings }) {
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
              <NativeSelect {...form.register(`worksheet.products.${index}.kind` as DeskFieldName)}>
                {productKinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {productKindLabels[kind]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <div className="sm:col-span-2">
            <TextField form={form} name={`worksheet.products.${index}.name` as DeskFieldName} label="Product" inputMode="text" />
          </div>
          <TextField form={form} name={`worksheet.products.${index}.price_cents` as DeskFieldName} label="Price ($)" />
          <TextField form={form} name={`worksheet.products.${index}.cost_cents` as DeskFieldName} label="Cost ($)" />
          <div className="pb-2">
            <SwitchField form={form} name={`worksheet.products.${index}.taxable` as DeskFieldName} label="Taxed" />
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

export function TradeInsSection({ form }: { form: DeskFormMethods }) {
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
        const at = (key: string) => `worksheet.trade_ins.${index}.${key}` as DeskFieldName;
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
