import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import type { Customer } from '@shared/customers/types';
import { SearchPicker } from '@/components/search-picker';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useCustomerSearch } from '@/features/tasks/api';
import { useAssignEmail } from './api';

/** Mail from an address no customer has: picked customer by name, it joins their conversation. */
export function AssignEmail({ emailId, onDone }: { emailId: string; onDone: () => void }) {
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<Pick<Customer, 'id' | 'name'> | null>(null);
  const matches = useCustomerSearch(text);
  const assign = useAssignEmail();
  const file = () =>
    picked &&
    assign.mutate(
      { id: emailId, customerId: picked.id },
      {
        onSuccess: () => {
          notifySuccess('E-mail filed', `It is in ${picked.name}'s conversation now.`);
          onDone();
        },
        onError: (failure) => notifyError('Could not file the e-mail', errorMessage(failure, 'Please try again.')),
      },
    );
  return (
    <div className="bg-muted/50 grid gap-2 rounded-md border p-3">
      <p className="text-sm">No customer has this address. File it with one to add it to their conversation.</p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <FormField label="Customer" htmlFor="assign-email-customer">
            <SearchPicker
              placeholder="Search customers by name"
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setPicked(null);
              }}
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
                setPicked(customer);
              }}
            />
          </FormField>
        </div>
        <Button type="button" onClick={file} disabled={!picked || assign.isPending}>
          <UserPlus /> File with customer
        </Button>
      </div>
    </div>
  );
}
