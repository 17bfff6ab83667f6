import { useState } from 'react';
import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { feedFormats, listingFeedInputSchema, type KeyedListingFeed, type ListingFeedInput } from '@shared/listings/schemas';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DeleteButton } from '@/components/delete-button';
import { QueryState } from '@/components/query-state';
import { AddressField } from '@/components/secret-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useCreateListingFeed, useDeleteListingFeed, useListingFeeds, useRekeyListingFeed } from './api';

const formatNames = { csv: 'CSV', xml: 'XML', json: 'JSON' } as const;

/** A feed's three addresses with their key: shown this once, as only the key's hash is kept. */
function FeedAddresses({ feed, onDone }: { feed: KeyedListingFeed; onDone: () => void }) {
  return (
    <div role="status" className="bg-muted/50 grid grid-cols-[minmax(0,1fr)] gap-2 rounded-md border p-3">
      <p className="text-sm font-medium">
        Give {feed.name} one of these addresses. Each holds the feed&apos;s key, which is not shown again.
      </p>
      {feedFormats.map((format) => (
        <div key={format} className="flex items-center gap-2">
          <span className="text-muted-foreground w-10 shrink-0 text-xs font-medium">{formatNames[format]}</span>
          <div className="min-w-0 flex-1">
            <AddressField
              address={feed.urls[format]}
              label={`${feed.name} ${formatNames[format]} address`}
              testId={`feed-url-${format}`}
            />
          </div>
        </div>
      ))}
      <p className="text-muted-foreground text-xs">The feed&apos;s shape is described in docs/listing-feed.md.</p>
      <Button variant="outline" size="sm" className="justify-self-start" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

/**
 * Listing feeds (admins only): each marketplace or site builder reads the available, listed inventory with its photos
 * from an address with a key of its own, in CSV, XML or JSON; a new key ends the old address at once.
 */
export function ListingFeedsCard() {
  const feeds = useListingFeeds();
  const create = useCreateListingFeed();
  const rekey = useRekeyListingFeed();
  const remove = useDeleteListingFeed();
  const [shown, setShown] = useState<KeyedListingFeed | null>(null);
  const form = useForm<ListingFeedInput>({ resolver: zodResolver(listingFeedInputSchema), defaultValues: { name: '' } });

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (feed) => {
        setShown(feed);
        form.reset();
        notifySuccess('Listing feed added', `Give ${feed.name} its address now: the key is shown only once.`);
      },
      onError: (error) => {
        if (!showServerErrors(form.setError, error))
          notifyError('Could not add the feed', errorMessage(error, 'Please try again.'));
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Listing Feeds</CardTitle>
        <CardDescription>
          Marketplaces and website builders read your inventory from a feed: every available vehicle that is listed online, with
          its price, details, photos and public page. Sold and deleted vehicles leave the feeds at once; a used vehicle joins them
          once its Buyers Guide is completed.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <QueryState query={feeds} loadingMessage="Loading listing feeds..." failedMessage="Failed to load listing feeds">
          {({ items, listed, awaiting_buyers_guide: held }) => (
            <>
              <p className="text-sm">
                {listed.toLocaleString()} {listed === 1 ? 'vehicle is' : 'vehicles are'} listed now.
                {held > 0 && (
                  <span className="text-amber-800 dark:text-amber-300" data-testid="feeds-held-for-guide">
                    {' '}
                    {held.toLocaleString()} used {held === 1 ? 'vehicle is' : 'vehicles are'} held back until{' '}
                    {held === 1 ? 'its Buyers Guide is' : 'their Buyers Guides are'} completed.
                  </span>
                )}
              </p>
              {items.length === 0 ? (
                <p className="text-muted-foreground text-sm">No listing feeds yet.</p>
              ) : (
                <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
                  {items.map((feed) => (
                    <li key={feed.id} className="flex items-center gap-3 border-t pt-2 first:border-t-0 first:pt-0">
                      <div className="min-w-0 flex-1">
                        <p className="truncate text-sm font-medium">{feed.name}</p>
                        <p className="text-muted-foreground text-xs">
                          {feed.last_read_at
                            ? `Read ${feed.reads.toLocaleString()} ${feed.reads === 1 ? 'time' : 'times'}, last ${formatDateTime(feed.last_read_at)}`
                            : 'Not read yet'}{' '}
                          · key made {formatDate(feed.key_made_at)}
                        </p>
                      </div>
                      <ConfirmDialog
                        title={`A new key for ${feed.name}?`}
                        description={<p>Its current addresses stop working at once. Give {feed.name} the new one.</p>}
                        confirmLabel="Make a new key"
                        pendingLabel="Making a new key..."
                        fallbackError="Could not make a new key"
                        onConfirm={() => rekey.mutateAsync(feed.id).then(setShown)}
                        trigger={
                          <Button variant="ghost" size="icon-sm" aria-label={`Make a new key for ${feed.name}`} title="New key">
                            <KeyRound />
                          </Button>
                        }
                      />
                      <DeleteButton
                        title={`Remove ${feed.name}?`}
                        description="Its addresses stop working at once."
                        onDelete={() => remove.mutateAsync(feed.id)}
                        trigger={
                          <Button variant="ghost" size="icon-sm" aria-label={`Remove ${feed.name}`}>
                            <Trash2 />
                          </Button>
                        }
                      />
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </QueryState>
        {shown && <FeedAddresses feed={shown} onDone={() => setShown(null)} />}
        <form className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={onSubmit} noValidate>
          <FormField label="Feed name" htmlFor="listing-feed-name" error={form.formState.errors.name?.message} className="flex-1">
            <Input placeholder="CarMarket" {...form.register('name')} />
          </FormField>
          <Button type="submit" disabled={create.isPending}>
            <Plus /> Add feed
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
