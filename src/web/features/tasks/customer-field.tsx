import { useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import type { TaskFormValues, TaskInput } from '@shared/tasks/schemas';
import { SearchPicker } from '@/components/search-picker';
import { FormField } from '@/components/ui/form-field';
import { useCustomerSearch } from './api';

/** The task's customer, picked by name among those the user may see. */
export function CustomerField({
  control,
  initialName,
}: {
  control: Control<TaskFormValues, unknown, TaskInput>;
  initialName: string;
}) {
  const { field, fieldState } = useController({ control, name: 'customer_id' });
  const [text, setText] = useState(initialName);
  const matches = useCustomerSearch(text);
  return (
    <FormField label="Customer" htmlFor="task-customer" error={fieldState.error?.message}>
      <SearchPicker
        placeholder="Search customers by name"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          field.onChange('');
        }}
        onBlur={field.onBlur}
        options={matches.data ?? []}
        optionKey={(customer) => customer.id}
        renderOption={(customer) => (
          <span className="flex flex-col">
            <span>{customer.name}</span>
            {(customer.email || customer.phone) && (
              <span className="text-muted-foreground text-xs">{customer.email ?? customer.phone}</span>
            )}
          </span>
        )}
        onPick={(customer) => {
          setText(customer.name);
          field.onChange(customer.id);
        }}
      />
    </FormField>
  );
}
