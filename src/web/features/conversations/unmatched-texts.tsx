import { useId, useState } from 'react';
import { Link2, UserPlus } from 'lucide-react';
import type { Customer } from '@shared/customers/types';
import type { UnmatchedText } from '@shared/conversations/unmatched';
import { seesAllRecords } from '@shared/users/roles';
import { ErrorState } from '@/components/error-state';
import { InlineLoading } from '@/components/loading-screen';
import { SearchPicker } from '@/components/search-picker';
import { ShowMore } from '@/components/show-more';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useCurrentSession } from '@/features/auth/api';
import { useCustomerSearch } from '@/features/tasks/api';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useAttachText, useLeadFromText, useUnmatchedTexts } from './api';

/** 'Create lead': the name if the text gives one; the number is the phone, the text the comment. */
function CreateLead({ text, onDone }: { text: UnmatchedText; onDone: () => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const lead = useLeadFromText();
  const create = () =>
    lead.mutate(
      { id: text.id, name },
      {
        onSuccess: (filed) => {
          notifySuccess('Lead created', `The text is in ${filed.customer_name}'s conversation now.`);
          onDone();
        },
        onError: (failure) => notifyError('Could not create the lead', errorMessage(failure, 'Please try again.')),
      },
    );
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="min-w-48 flex-1">
        <FormField label="Name (optional)" htmlFor={`${id}-name`}>
          <Input
            id={`${id}-name`}
            value={name}
            maxLength={200}
            placeholder={text.phone}
            onChange={(e) => setName(e.target.value)}
          />
        </FormField>
      </div>
      <Button type="button" onClick={create} disabled={lead.isPending}>
        <UserPlus /> Create the lead
      </Button>
    </div>
  );
}

/** 'Attach to customer': a customer picked by name; their phone may be set to this number when they have none. */
function AttachToCustomer({ text, onDone }: { text: UnmatchedText; onDone: () => void }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Pick<Customer, 'id' | 'name' | 'phone'> | null>(null);
  const [savePhone, setSavePhone] = useState(true);
  const matches = useCustomerSearch(search);
  const attach = useAttachText();
  const file = () =>
    picked &&
    attach.mutate(
      { id: text.id, customer_id: picked.id, save_phone: savePhone && !picked.phone },
      {
        onSuccess: (filed) => {
          notifySuccess('Text attached', `It is in ${filed.customer_name}'s conversation now.`);
          onDone();
        },
        onError: (failure) => notifyError('Could not attach the text', errorMessage(failure, 'Please try again.')),
      },
    );
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <FormField label="Customer" htmlFor={`${id}-customer`}>
            <SearchPicker
              id={`${id}-customer`}
              placeholder="Search customers by name"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPicked(null);
              }}
              options={matches.data ?? []}
              optionKey={(customer) => customer.id}
              renderOption={(customer) => (
                <span className="flex flex-col">
                  <span>{customer.name}</span>
                  {(customer.phone || customer.email) && (
                    <span className="text-muted-foreground text-xs">{customer.phone ?? customer.email}</span>
                  )}
                </span>
              )}
              onPick={(customer) => {
                setSearch(customer.name);
                setPicked(customer);
              }}
            />
          </FormField>
        </div>
        <Button type="button" onClick={file} disabled={!picked || attach.isPending}>
          <Link2 /> Attach the text
        </Button>
      </div>
      {picked && !picked.phone && (
        <div className="flex items-center gap-2">
          <Checkbox id={`${id}-phone`} checked={savePhone} onCheckedChange={(checked) => setSavePhone(checked === true)} />
          <Label htmlFor={`${id}-phone`} className="font-normal">
            Save {text.phone} as {picked.name}'s phone
          </Label>
        </div>
      )}
    </div>
  );
}

function UnmatchedTextRow({ text }: { text: UnmatchedText }) {
  const [action, setAction] = useState<'lead' | 'attach' | null>(null);
  const toggle = (next: 'lead' | 'attach') => setAction((current) => (current === next ? null : next));
  return (
    <li className="grid gap-2 px-6 py-3">
      <span className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-sm font-semibold">{text.phone}</span>
        <time className="text-muted-foreground text-xs" dateTime={text.received_at}>
          {formatDateTime(text.received_at)}
        </time>
      </span>
      <p className="text-sm break-words whitespace-pre-wrap">{text.body}</p>
      <span className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant={action === 'lead' ? 'secondary' : 'outline'} onClick={() => toggle('lead')}>
          Create lead
        </Button>
        <Button type="button" size="sm" variant={action === 'attach' ? 'secondary' : 'outline'} onClick={() => toggle('attach')}>
          Attach to customer
        </Button>
      </span>
      {action && (
        <div className="bg-muted/50 rounded-md border p-3">
          {action === 'lead' ? (
            <CreateLead text={text} onDone={() => setAction(null)} />
          ) : (
            <AttachToCustomer text={text} onDone={() => setAction(null)} />
          )}
        </div>
      )}
    </li>
  );
}

/**
 * Texts from numbers no customer has, beside the unmatched mail: admins and editors make each a lead or attach it to a
 * customer, and it joins that customer's conversation. Agents do not read them, as they do not read the company's mail.
 */
export function UnmatchedTexts() {
  const { user } = useCurrentSession();
  const reads = seesAllRecords(user.role);
  const texts = useUnmatchedTexts(reads);
  if (!reads) return null;
  const items = texts.data?.pages.flatMap((page) => page.items) ?? [];
  let body;
  if (texts.isError && !texts.data)
    body = <ErrorState message="Failed to load texts" error={texts.error} onRetry={() => texts.refetch()} />;
  else if (!texts.data) body = <InlineLoading message="Loading texts..." />;
  else if (items.length === 0) body = <p className="text-muted-foreground px-6 py-4 text-sm">No texts from unknown numbers.</p>;
  else
    body = (
      <ul className="divide-y" aria-label="Texts from unknown numbers">
        {items.map((text) => (
          <UnmatchedTextRow key={text.id} text={text} />
        ))}
      </ul>
    );
  return (
    <section className="border-b pb-2" aria-labelledby="unmatched-texts-title">
      <h3 id="unmatched-texts-title" className="px-6 pb-1 text-sm font-medium">
        Texts
      </h3>
      {body}
      <ShowMore list={texts} className="pt-2 pb-0" />
    </section>
  );
}
