import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { TRANSACTIONAL_HINT, TRANSACTIONAL_LABEL } from '@shared/emails/schemas';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

/** "Transactional message (not marketing)", with what it allows: a mail that reaches an address that opted out. */
export function TransactionalField<F extends FieldValues, V>({
  control,
  name,
  id,
}: {
  control: Control<F, unknown, V>;
  name: FieldPath<F>;
  id: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-start gap-2">
          <Checkbox
            id={id}
            className="mt-0.5"
            checked={field.value === true}
            onCheckedChange={(checked) => field.onChange(checked === true)}
            aria-describedby={`${id}-hint`}
          />
          <div className="grid gap-1">
            <Label htmlFor={id} className="font-normal">
              {TRANSACTIONAL_LABEL}
            </Label>
            <p id={`${id}-hint`} className="text-muted-foreground text-xs">
              {TRANSACTIONAL_HINT}
            </p>
          </div>
        </div>
      )}
    />
  );
}
