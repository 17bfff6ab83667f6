import * as React from 'react';
import { Slot } from 'radix-ui';

import { cn } from '@/lib/utils';
import { Label } from '@/components/ui/label';

type FormFieldProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** Visible label text, rendered as a <label for={htmlFor}>. */
  label: React.ReactNode;
  /** Id of the control; it is also applied to the control (see `children`). */
  htmlFor: string;
  /** Optional hint shown under the control. */
  description?: React.ReactNode;
  /** Validation message, e.g. `errors.email?.message` from react-hook-form. */
  error?: string;
  /**
   * Exactly one element: the control (Input, Textarea, Checkbox,
   * SelectTrigger, ...). It receives `id`, `aria-invalid` and
   * `aria-describedby`; props set on the element itself win.
   */
  children: React.ReactElement;
};

/**
 * Label + control + description + error message, wired for accessibility.
 *
 * ```tsx
 * <FormField label="Email" htmlFor="email" error={errors.email?.message}>
 *   <Input type="email" {...register("email")} />
 * </FormField>
 * ```
 */
function FormField({ label, htmlFor, description, error, className, children, ...props }: FormFieldProps) {
  const descriptionId = `${htmlFor}-description`;
  const errorId = `${htmlFor}-error`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div data-slot="form-field" data-invalid={error ? true : undefined} className={cn('grid gap-2', className)} {...props}>
      <Label htmlFor={htmlFor} data-error={!!error} className="data-[error=true]:text-destructive">
        {label}
      </Label>
      <Slot.Root id={htmlFor} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
        {children}
      </Slot.Root>
      {description ? (
        <p data-slot="form-field-description" id={descriptionId} className="text-muted-foreground text-sm">
          {description}
        </p>
      ) : null}
      {error ? (
        <p data-slot="form-field-error" id={errorId} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export { FormField };
export type { FormFieldProps };
