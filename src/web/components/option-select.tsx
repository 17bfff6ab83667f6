import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';

/**
 * A select over one of the shared option lists (statuses, classifications). Without `labels` the option's own
 * word is shown, capitalised. Inside a FormField it receives the field's id and aria attributes.
 */
export function OptionSelect<T extends string>({
  value,
  onValueChange,
  options,
  labels,
  disabled,
  allowed,
  note,
  placeholder,
  className,
  id,
  onBlur,
  'aria-label': ariaLabel,
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
}: {
  value: T | undefined;
  onValueChange: (value: T) => void;
  options: readonly T[];
  labels?: Record<T, string>;
  disabled?: boolean;
  /** The options that may be chosen now; the others show but cannot be picked. */
  allowed?: readonly T[];
  /** Why some options cannot be picked, shown under them. */
  note?: string;
  /** Shown while nothing is chosen. */
  placeholder?: string;
  className?: string;
  id?: string;
  onBlur?: () => void;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const word = labels ? undefined : 'capitalize';
  return (
    <Select value={value} onValueChange={(next) => onValueChange(next as T)} disabled={disabled}>
      <SelectTrigger
        id={id}
        onBlur={onBlur}
        aria-label={ariaLabel}
        aria-invalid={ariaInvalid}
        aria-describedby={ariaDescribedBy}
        className={cn('w-full', word, className)}
      >
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option} value={option} className={word} disabled={allowed ? !allowed.includes(option) : false}>
            {labels?.[option] ?? option}
          </SelectItem>
        ))}
        {note && <p className="text-muted-foreground max-w-64 px-2 py-1.5 text-xs">{note}</p>}
      </SelectContent>
    </Select>
  );
}

/** A form's OptionSelect with its label and validation message; the field's name is the control's id. */
export function OptionField<F extends FieldValues, V, T extends string>({
  control,
  name,
  label,
  options,
  labels,
  className,
  selectClassName,
}: {
  control: Control<F, unknown, V>;
  name: FieldPath<F>;
  label: string;
  options: readonly T[];
  labels?: Record<T, string>;
  className?: string;
  selectClassName?: string;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FormField label={label} htmlFor={name} error={fieldState.error?.message} className={className}>
      <OptionSelect
        value={field.value as T | undefined}
        onValueChange={field.onChange}
        onBlur={field.onBlur}
        options={options}
        labels={labels}
        className={selectClassName}
      />
    </FormField>
  );
}
