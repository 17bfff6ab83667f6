import { useDeferredValue, useState } from 'react';
import { Check, ChevronsUpDown } from 'lucide-react';
import type { CustomerOption } from '@shared/customers/types';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';
import { useCustomerOptions } from './api';

/**
 * 'Existing customer': a searchable list of the customer's owner's customers by name (the user's own for a new
 * customer). `current` is the saved referrer, shown even when it is not among them.
 */
export function ReferralPicker({
  id,
  value,
  current,
  excludeId,
  ownerId,
  onChange,
}: {
  id: string;
  value: string | null | undefined;
  current?: { id: string; name: string } | null;
  excludeId?: string;
  ownerId?: string;
  onChange: (id: string | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const options = useCustomerOptions(q, open, ownerId);
  const [picked, setPicked] = useState<CustomerOption | null>(null);
  const choices = (options.data ?? []).filter((o) => o.id !== excludeId);
  const selectedName =
    value &&
    (picked?.id === value ? picked.name : current?.id === value ? current.name : choices.find((o) => o.id === value)?.name);

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          type="button"
          variant="outline"
          role="combobox"
          aria-expanded={open}
          className="w-full justify-between font-normal"
        >
          <span className={cn('truncate', !selectedName && 'text-muted-foreground')}>{selectedName || 'Select a customer'}</span>
          <ChevronsUpDown className="opacity-50" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-(--radix-popover-trigger-width) min-w-64 p-2">
        <Input
          autoFocus
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search your customers..."
          aria-label="Search your customers"
          className="mb-2"
        />
        <ul role="listbox" aria-label="Your customers" className="max-h-60 overflow-y-auto">
          {options.isPending && <li className="text-muted-foreground px-2 py-1.5 text-sm">Loading...</li>}
          {!options.isPending && choices.length === 0 && (
            <li className="text-muted-foreground px-2 py-1.5 text-sm">No customers found.</li>
          )}
          {choices.map((option) => (
            <li
              key={option.id}
              role="option"
              aria-selected={option.id === value}
              tabIndex={0}
              className="hover:bg-accent focus:bg-accent flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none"
              onClick={() => {
                setPicked(option);
                onChange(option.id);
                setOpen(false);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  e.currentTarget.click();
                }
              }}
            >
              <Check className={cn('size-4', option.id === value ? 'opacity-100' : 'opacity-0')} aria-hidden />
              <span className="min-w-0">
                <span className="block truncate">{option.name}</span>
                {(option.email || option.phone) && (
                  <span className="text-muted-foreground block truncate text-xs">{option.email ?? option.phone}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      </PopoverContent>
    </Popover>
  );
}
