import { Link } from 'react-router';
import { Mail, Pencil, Phone } from 'lucide-react';
import type { Customer, CustomerListItem } from '@shared/customers/types';
import { ChipList } from '@/components/chip-list';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { NextTaskText } from '@/features/tasks';
import { StatusBadge } from './status-badge';
import { Checkbox } from '@/components/ui/checkbox';
import type { Selection } from '@/hooks/use-selection';

function Pick({ customer, selection }: { customer: Customer; selection: Selection }) {
  return (
    <Checkbox
      aria-label={`Select ${customer.name}`}
      checked={selection.selected.has(customer.id)}
      onCheckedChange={(checked) => selection.toggle(customer.id, checked === true)}
    />
  );
}

function ContactInfo({ customer }: { customer: Customer }) {
  if (!customer.email && !customer.phone) return <span className="text-muted-foreground">—</span>;
  return (
    <div className="grid gap-0.5 text-sm">
      {customer.email && (
        <span className="flex max-w-60 min-w-0 items-center gap-1.5" title={customer.email}>
          <Mail className="text-muted-foreground size-3.5 shrink-0" aria-hidden />
          <span className="truncate">{customer.email}</span>
        </span>
      )}
      {customer.phone && (
        <span className="flex items-center gap-1.5">
          <Phone className="text-muted-foreground size-3.5" aria-hidden />
          {customer.phone}
        </span>
      )}
    </div>
  );
}

function EditButton({ customer }: { customer: Customer }) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={`/customers/${customer.id}/edit`} aria-label={`Edit ${customer.name}`}>
        <Pencil /> Edit
      </Link>
    </Button>
  );
}

function NameLink({ customer }: { customer: Customer }) {
  return (
    <Link to={`/customers/${customer.id}`} className="font-medium hover:underline">
      {customer.name}
    </Link>
  );
}

/** The 'Customer Database' rows: a table from tablet width up, cards on a phone. */
export function CustomersTable({ customers, selection }: { customers: CustomerListItem[]; selection?: Selection }) {
  const ids = customers.map((c) => c.id);
  const allPicked = ids.length > 0 && ids.every((id) => selection?.selected.has(id));
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow>
              {selection && (
                <TableHead className="w-8">
                  <Checkbox
                    aria-label="Select every customer shown"
                    checked={allPicked}
                    onCheckedChange={(checked) => selection.toggleAll(ids, checked === true)}
                  />
                </TableHead>
              )}
              <TableHead>Customer</TableHead>
              <TableHead>Contact Info</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Preferences</TableHead>
              <TableHead>Date Added</TableHead>
              <TableHead>Next Task</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {customers.map((customer) => (
              <TableRow key={customer.id}>
                {selection && (
                  <TableCell>
                    <Pick customer={customer} selection={selection} />
                  </TableCell>
                )}
                <TableCell>
                  <NameLink customer={customer} />
                  {customer.location && <div className="text-muted-foreground text-sm">{customer.location}</div>}
                </TableCell>
                <TableCell>
                  <ContactInfo customer={customer} />
                </TableCell>
                <TableCell>
                  <StatusBadge status={customer.status} />
                </TableCell>
                <TableCell>
                  <ChipList items={customer.preferred_cars} />
                </TableCell>
                <TableCell>{formatDate(customer.created_at)}</TableCell>
                <TableCell>
                  <NextTaskText task={customer.next_task} open={customer.open_tasks} />
                </TableCell>
                <TableCell className="text-right">
                  <EditButton customer={customer} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="grid gap-3 md:hidden" aria-label="Customers">
        {customers.map((customer) => (
          <li key={customer.id} className="grid gap-2 rounded-lg border p-3">
            <div className="flex items-start justify-between gap-2">
              {selection && <Pick customer={customer} selection={selection} />}
              <div className="min-w-0 flex-1">
                <NameLink customer={customer} />
                {customer.location && <div className="text-muted-foreground truncate text-sm">{customer.location}</div>}
              </div>
              <StatusBadge status={customer.status} />
            </div>
            <div className="min-w-0 break-all">
              <ContactInfo customer={customer} />
            </div>
            <div className="flex items-center justify-between gap-2">
              <ChipList items={customer.preferred_cars} />
              <span className="text-muted-foreground shrink-0 text-xs">{formatDate(customer.created_at)}</span>
            </div>
            <div className="flex items-end justify-between gap-2">
              <NextTaskText task={customer.next_task} open={customer.open_tasks} />
              <EditButton customer={customer} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
