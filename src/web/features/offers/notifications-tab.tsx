import { useState } from 'react';
import { Mail, MessageSquare, Send } from 'lucide-react';
import type { ConsentChannel } from '@shared/consent/schemas';
import { SELECT_VEHICLE_FIRST } from '@shared/offers/schemas';
import { describeNotifyResult, type AudienceCustomer, type NotifyResult, type OfferImage } from '@shared/offers/types';
import { ErrorState } from '@/components/error-state';
import { InlineLoading } from '@/components/loading-screen';
import { SearchBox } from '@/components/search-box';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useAudience, useNotifyCustomers } from './api';
import type { SelectedOffer } from './offer-picker';

const channelWords: Record<ConsentChannel, string> = { email: 'e-mail', sms: 'SMS' };

function ConsentBadge({ customer, channel }: { customer: AudienceCustomer; channel: ConsentChannel }) {
  const address = channel === 'email' ? customer.email : customer.phone;
  if (!address) return <Badge variant="outline">{channel === 'email' ? 'No e-mail' : 'No phone'}</Badge>;
  if (customer.consent === 'opted_in') return <Badge>Opted in</Badge>;
  if (customer.consent === 'opted_out') return <Badge variant="destructive">Opted out</Badge>;
  return <Badge variant="secondary">No {channelWords[channel]} consent</Badge>;
}

/**
 * Customer Notifications: the selected offer by e-mail or SMS to chosen customers. Only those who opted in on the
 * channel receive it; the result says how many were skipped and why.
 */
export function NotificationsTab({ selected, image }: { selected: SelectedOffer | null; image: OfferImage | null }) {
  const [channel, setChannel] = useState<ConsentChannel>('email');
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());
  const [result, setResult] = useState<NotifyResult | null>(null);
  const audience = useAudience(q, channel);
  const notify = useNotifyCustomers();
  const customers = audience.data?.pages.flatMap((page) => page.items) ?? [];

  const toggle = (customer: AudienceCustomer, on: boolean) => {
    const next = new Map(chosen);
    if (on) next.set(customer.id, customer.name);
    else next.delete(customer.id);
    setChosen(next);
  };

  const send = () => {
    if (!selected) return notifyError('Error', SELECT_VEHICLE_FIRST);
    if (chosen.size === 0) return notifyError('Error', 'Choose at least one customer');
    notify.mutate(
      {
        offer: selected.ref,
        image_id: image?.id,
        channel,
        customer_ids: [...chosen.keys()],
      },
      {
        onSuccess: (done) => {
          setResult(done);
          setChosen(new Map());
          notifySuccess('Notifications Sent', describeNotifyResult(done));
        },
        onError: (error) => notifyError('Failed to send customer notifications', errorMessage(error, 'Please try again.')),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Customer Notifications</CardTitle>
        <CardDescription>
          {selected ? `Send ${selected.label} to your customers.` : 'Select an offer on the Instagram Automation tab first.'} Only
          customers who opted in on the channel receive it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <RadioGroup
          value={channel}
          onValueChange={(value) => {
            setChannel(value as ConsentChannel);
            setResult(null);
          }}
          className="flex flex-wrap gap-4"
          aria-label="Channel"
        >
          <div className="flex items-center gap-2">
            <RadioGroupItem value="email" id="notify-email" />
            <Label htmlFor="notify-email" className="font-normal">
              <Mail className="size-4" aria-hidden /> Email
            </Label>
          </div>
          <div className="flex items-center gap-2">
            <RadioGroupItem value="sms" id="notify-sms" />
            <Label htmlFor="notify-sms" className="font-normal">
              <MessageSquare className="size-4" aria-hidden /> SMS
            </Label>
          </div>
        </RadioGroup>
        <SearchBox value={q} onSearch={setQ} label="Search customers" placeholder="Search customers by name or e-mail" />
        {audience.isError ? (
          <ErrorState message="Customers could not be loaded." error={audience.error} onRetry={() => audience.refetch()} />
        ) : audience.isPending ? (
          <InlineLoading message="Loading customers..." />
        ) : customers.length === 0 ? (
          <p className="text-muted-foreground py-4 text-center text-sm">{q ? 'No customer matches.' : 'No customers yet.'}</p>
        ) : (
          <ul className="grid" aria-label="Customers to notify">
            {customers.map((customer) => (
              <li key={customer.id} className="flex flex-wrap items-center gap-3 border-b py-2 last:border-b-0">
                <Checkbox
                  id={`notify-${customer.id}`}
                  checked={chosen.has(customer.id)}
                  onCheckedChange={(on) => toggle(customer, on === true)}
                />
                <Label htmlFor={`notify-${customer.id}`} className="min-w-0 flex-1 flex-col items-start gap-0 font-normal">
                  <span className="max-w-full truncate font-medium">{customer.name}</span>
                  <span className="text-muted-foreground max-w-full truncate text-xs">
                    {(channel === 'email' ? customer.email : customer.phone) ?? '—'}
                    {customer.last_contact ? ` · last contact ${formatDate(customer.last_contact)}` : ''}
                    {customer.status === 'past' ? ' · past customer' : ''}
                  </span>
                </Label>
                <ConsentBadge customer={customer} channel={channel} />
              </li>
            ))}
          </ul>
        )}
        {audience.hasNextPage && (
          <Button
            variant="outline"
            className="justify-self-start"
            disabled={audience.isFetchingNextPage}
            onClick={() => audience.fetchNextPage()}
          >
            {audience.isFetchingNextPage ? 'Loading...' : 'Show more customers'}
          </Button>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={send} disabled={notify.isPending}>
            <Send />{' '}
            {notify.isPending
              ? 'Sending...'
              : `Send ${channel === 'email' ? 'Email' : 'SMS'} Offer${chosen.size ? ` to ${chosen.size}` : ''}`}
          </Button>
          {result && (
            <p role="status" className="text-muted-foreground text-sm">
              {describeNotifyResult(result)}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
