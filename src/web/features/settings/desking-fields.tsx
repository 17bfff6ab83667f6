import type { ComponentProps, ReactNode } from 'react';
import { Controller, type FieldPathByValue } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import type { SettingsForm } from '@shared/settings/form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import type { SettingsFormMethods } from './section';

/** The desking card's pieces, shared by its lists. */

/** A form name as an element id: desking.fees.0.amount_cents → desking-fees-0-amount-cents. */
export const fieldId = (name: string) => name.replaceAll(/[._]/g, '-');

/** Dollars typed as the deal form takes them. */
export function DollarsInput(props: ComponentProps<typeof Input>) {
  return <Input type="number" inputMode="decimal" min={0} step="0.01" {...props} />;
}

/** One yes/no of the settings, as a checkbox with its label. */
export function CheckField({
  form,
  name,
  label,
}: {
  form: SettingsFormMethods;
  name: FieldPathByValue<SettingsForm, boolean>;
  label: string;
}) {
  const id = fieldId(name);
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <label htmlFor={id} className="flex items-center gap-2 text-sm">
          <Checkbox
            id={id}
            ref={field.ref}
            checked={field.value}
            disabled={field.disabled}
            onBlur={field.onBlur}
            onCheckedChange={(checked) => field.onChange(checked === true)}
          />
          {label}
        </label>
      )}
    />
  );
}

/** What is wrong with a list as a whole ('Keep at least one state'), as opposed to one of its rows. */
export function ListError({ error }: { error?: { message?: string; root?: { message?: string } } }) {
  const message = error?.root?.message ?? error?.message;
  return message ? (
    <p role="alert" className="text-destructive text-sm">
      {message}
    </p>
  ) : null;
}

/** A part of the desking card, framed and named like the CRM card's groups. */
export function Group({ legend, description, children }: { legend: string; description?: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      {description && <p className="text-muted-foreground text-sm">{description}</p>}
      {children}
    </fieldset>
  );
}

export function AddButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={onClick}>
      <Plus /> {children}
    </Button>
  );
}

export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button type="button" variant="ghost" size="icon-sm" aria-label={label} title={label} onClick={onClick}>
      <Trash2 />
    </Button>
  );
}

/** A row's name, across the row on a phone. */
export function NameField({
  form,
  name,
  error,
}: {
  form: SettingsFormMethods;
  name: FieldPathByValue<SettingsForm, string>;
  error?: string;
}) {
  return (
    <FormField label="Name" htmlFor={fieldId(name)} error={error} className="col-span-2 md:col-span-1">
      <Input autoComplete="off" {...form.register(name)} />
    </FormField>
  );
}

/** A row's amount, typed in dollars. */
export function DollarsField({
  form,
  name,
  label,
  error,
}: {
  form: SettingsFormMethods;
  name: FieldPathByValue<SettingsForm, string>;
  label: string;
  error?: string;
}) {
  return (
    <FormField label={label} htmlFor={fieldId(name)} error={error}>
      <DollarsInput {...form.register(name)} />
    </FormField>
  );
}

/** A row's kind, from the list's own kinds. */
export function KindField<K extends string>({
  form,
  name,
  kinds,
  labels,
  error,
  className,
}: {
  form: SettingsFormMethods;
  name: FieldPathByValue<SettingsForm, K>;
  kinds: readonly K[];
  labels: Record<K, string>;
  error?: string;
  className?: string;
}) {
  return (
    <FormField label="Kind" htmlFor={fieldId(name)} error={error} className={className}>
      <NativeSelect {...form.register(name)}>
        {kinds.map((kind) => (
          <option key={kind} value={kind}>
            {labels[kind]}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

/**
 * The fees or the products a new worksheet lists, a row each: the row's own fields, then whether it is taxed and its
 * remove button; an add button under the list.
 */
export function TaxedItems({
  form,
  list,
  noun,
  legend,
  description,
  rows,
  error,
  rowClassName,
  endClassName,
  onAdd,
  children,
}: {
  form: SettingsFormMethods;
  list: 'desking.fees' | 'desking.products';
  noun: 'fee' | 'product';
  legend: string;
  description: string;
  rows: { fields: { id: string }[]; remove: (index: number) => void };
  error: Parameters<typeof ListError>[0]['error'];
  /** The row's grid: two columns on a phone, the list's own from tablet width up. */
  rowClassName: string;
  /** Where the taxed box and the remove button sit in that grid. */
  endClassName: string;
  onAdd: () => void;
  children: (index: number) => ReactNode;
}) {
  const title = noun === 'fee' ? 'Fee' : 'Product';
  return (
    <Group legend={legend} description={description}>
      <ListError error={error} />
      {rows.fields.length === 0 && <p className="text-muted-foreground text-sm">No {noun}s yet.</p>}
      <ul className="grid gap-3 empty:hidden">
        {rows.fields.map((field, index) => (
          <li key={field.id} aria-label={`${title} ${index + 1}`} className={rowClassName}>
            {children(index)}
            <div className={endClassName}>
              <CheckField form={form} name={`${list}.${index}.taxable`} label="Taxed" />
              <RemoveButton label={`Remove ${noun} ${index + 1}`} onClick={() => rows.remove(index)} />
            </div>
          </li>
        ))}
      </ul>
      <AddButton onClick={onAdd}>Add {noun}</AddButton>
    </Group>
  );
}
