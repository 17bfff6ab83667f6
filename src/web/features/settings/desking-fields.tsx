import type { ComponentProps, ReactNode } from 'react';
import { Controller, type FieldPathByValue } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import type { SettingsForm } from '@shared/settings/form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
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
