import { useState } from 'react';
import { Code, ExternalLink, Link2, Plus, Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  leadFormPath,
  leadFormSnippet,
  leadSourceInputSchema,
  type CreatedLeadSource,
  type LeadSourceInput,
} from '@shared/leads/schemas';
import { DeleteButton } from '@/components/delete-button';
import { QueryState } from '@/components/query-state';
import { AddressField, copyText, SecretField } from '@/components/secret-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useCreateLeadSource, useDeleteLeadSource, useLeadSources } from './api';

const plural = (n: number, word: string) => `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`;

/** The address and key of a source just added: shown this once, as only the key's hash is kept. */
function NewSourceKey({ source, onDone }: { source: CreatedLeadSource; onDone: () => void }) {
  const url = `${location.origin}${source.path}`;
  return (
    <div role="status" className="bg-muted/50 grid grid-cols-[minmax(0,1fr)] gap-2 rounded-md border p-3">
      <p className="text-sm font-medium">Give {source.name} this address. It holds the key, which is not shown again.</p>
      <AddressField address={url} label={`${source.name} address`} testId="lead-source-url" />
      <div className="flex items-center gap-2">
        <SecretField secret={source.key} label={source.name} />
      </div>
      <p className="text-muted-foreground text-xs">
        Senders that cannot put the key in the address send it as the X-Lead-Key header, with the ADF document as the body
        (Content-Type: application/xml).
      </p>
      <Button variant="outline" size="sm" className="justify-self-start" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

/** Marketplaces, call tracking and websites that post ADF leads, each with a key of its own (admins only). */
export function LeadSourcesCard() {
  const sources = useLeadSources();
  const create = useCreateLeadSource();
  const remove = useDeleteLeadSource();
  const [created, setCreated] = useState<CreatedLeadSource | null>(null);
  const form = useForm<LeadSourceInput>({ resolver: zodResolver(leadSourceInputSchema), defaultValues: { name: '' } });

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (source) => {
        setCreated(source);
        form.reset();
        notifySuccess('Lead source added', `Give ${source.name} its address now: the key is shown only once.`);
      },
      onError: (error) => {
        if (!showServerErrors(form.setError, error))
          notifyError('Could not add the source', errorMessage(error, 'Please try again.'));
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Lead sources</CardTitle>
        <CardDescription>
          Marketplaces and call-tracking services post their leads (ADF XML) to Torque, each with a key of its own; each source
          also has a web form for your site (its link, or the snippet that frames it). Every lead becomes a customer, or joins the
          one it already is, and goes to an agent in turn.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <QueryState query={sources} loadingMessage="Loading lead sources..." failedMessage="Failed to load lead sources">
          {(items) =>
            items.length === 0 ? (
              <p className="text-muted-foreground text-sm">No lead sources yet.</p>
            ) : (
              <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
                {items.map((source) => (
                  <li key={source.id} className="flex items-center gap-3 border-t pt-2 first:border-t-0 first:pt-0">
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium">{source.name}</p>
                      <p className="text-muted-foreground text-xs">
                        {plural(source.leads, 'lead')}
                        {source.flagged > 0 && `, ${source.flagged.toLocaleString()} could not be read`} · added{' '}
                        {formatDate(source.created_at)}
                      </p>
                    </div>
                    <Button variant="ghost" size="icon-sm" asChild>
                      <a
                        href={leadFormPath(source.id)}
                        target="_blank"
                        rel="noreferrer"
                        aria-label={`Open the ${source.name} web form`}
                        title="Open the web form"
                      >
                        <ExternalLink />
                      </a>
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      onClick={() => copyText(`${location.origin}${leadFormPath(source.id)}`, 'Web form link')}
                      aria-label={`Copy the ${source.name} web form link`}
                      title="Copy the web form link"
                    >
                      <Link2 />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      onClick={() => copyText(leadFormSnippet(location.origin, source.id), 'Web form snippet')}
                      aria-label={`Copy the ${source.name} web form snippet`}
                      title="Copy the snippet for your site"
                    >
                      <Code />
                    </Button>
                    <DeleteButton
                      title={`Remove ${source.name}?`}
                      description="Its key and its web form stop working at once. The leads it sent stay."
                      onDelete={() => remove.mutateAsync(source.id)}
                      trigger={
                        <Button variant="ghost" size="icon-sm" aria-label={`Remove ${source.name}`}>
                          <Trash2 />
                        </Button>
                      }
                    />
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
        {created && <NewSourceKey source={created} onDone={() => setCreated(null)} />}
        <form className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={onSubmit} noValidate>
          <FormField
            label="Source name"
            htmlFor="lead-source-name"
            error={form.formState.errors.name?.message}
            className="flex-1"
          >
            <Input placeholder="CarMarket" {...form.register('name')} />
          </FormField>
          <Button type="submit" disabled={create.isPending}>
            <Plus /> Add source
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
