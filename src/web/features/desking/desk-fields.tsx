import type { ReactNode } from 'react';
import { Controller, get, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { z } from 'zod';
import { worksheetFormSchema, type WorksheetForm } from '@shared/desking/form';
import { stateCode } from '@shared/desking/tax';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { formatCents } from '@/lib/format';

/** The desk's form and the pieces its sections are built of. */

export const deskFormSchema = z.object({ state: stateCode, worksheet: worksheetFormSchema });
export type DeskForm = { state: string; worksheet: WorksheetForm };
export type DeskFormMethods = UseFormReturn<DeskForm, unknown, z.output<typeof deskFormSchema>>;
export type DeskFieldName = FieldPath<DeskForm>;

export const money = (cents: number) => formatCents(cents, { exact: true });
export const fieldId = (name: string) => `desk-${name.replaceAll('.', '-')}`;

export function TextField({
  form,
  name,
  label,
  description,
  inputMode = 'decimal',
  type,
}: {
  form: DeskFormMethods;
  name: DeskFieldName;
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

export function SwitchField({ form, name, label }: { form: DeskFormMethods; name: DeskFieldName; label: string }) {
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

export function Section({
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

export function AddButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button type="button" variant="outline" size="sm" onClick={onClick}>
      <Plus /> {children}
    </Button>
  );
}

export function RemoveButton({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <Button type="button" variant="ghost" size="icon" className="self-end" onClick={onClick} aria-label={label}>
      <Trash2 />
    </Button>
  );
}
