import { Controller, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Save, Trash2 } from 'lucide-react';
import {
  MAILBOX_PORTS,
  mailboxInputSchema,
  type Mailbox,
  type MailboxInput,
  type MailboxOwner,
  type MailboxValues,
} from '@shared/mailboxes/types';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useMailbox, useRemoveMailbox, useSaveMailbox } from './api';

const texts: Record<MailboxOwner, { title: string; description: string; saved: string }> = {
  mine: {
    title: 'My Mailbox',
    description:
      'Your own mailbox: mail from your customers joins their conversations, and what you write from Torque leaves from your address and sits in your Sent folder.',
    saved: 'Torque reads your mail from now on, and your e-mails leave from this mailbox.',
  },
  company: {
    title: 'Company Mailbox',
    description:
      "The dealership's shared mailbox (sales@…): mail from customers joins their conversations, and the e-mails of users without a mailbox of their own leave from it.",
    saved: 'Torque reads the company mailbox from now on.',
  },
};

const stateBadge = {
  reading: { label: 'Reading mail', variant: 'default' },
  connecting: { label: 'Connecting', variant: 'outline' },
  failed: { label: 'Failed', variant: 'destructive' },
} as const;

const blank: MailboxInput = {
  address: '',
  username: '',
  auth: 'password',
  secret: '',
  imap_host: '',
  imap_port: MAILBOX_PORTS.imap.tls,
  imap_tls: true,
  smtp_host: '',
  smtp_port: MAILBOX_PORTS.smtp.tls,
  smtp_tls: true,
};

function TlsBox({ control, name, id }: { control: Control<MailboxInput>; name: 'imap_tls' | 'smtp_tls'; id: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-center gap-2 sm:pt-7">
          <Checkbox id={id} checked={field.value === true} onCheckedChange={(checked) => field.onChange(checked === true)} />
          <Label htmlFor={id} className="font-normal">
            TLS
          </Label>
        </div>
      )}
    />
  );
}

function MailboxForm({ owner, mailbox }: { owner: MailboxOwner; mailbox: Mailbox | null }) {
  const form = useForm<MailboxInput, unknown, MailboxValues>({
    resolver: zodResolver(mailboxInputSchema),
    values: mailbox
      ? {
          address: mailbox.address,
          username: mailbox.username,
          auth: mailbox.auth,
          secret: '',
          imap_host: mailbox.imap_host,
          imap_port: mailbox.imap_port,
          imap_tls: mailbox.imap_tls,
          smtp_host: mailbox.smtp_host,
          smtp_port: mailbox.smtp_port,
          smtp_tls: mailbox.smtp_tls,
        }
      : blank,
  });
  const save = useSaveMailbox(owner);
  const remove = useRemoveMailbox(owner);
  const { errors } = form.formState;
  const auth = form.watch('auth');
  const id = (field: string) => `${owner}-mailbox-${field}`;
  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => notifySuccess('Mailbox connected', texts[owner].saved),
      onError: (failure) => {
        showServerErrors(form.setError, failure);
        notifyError('Could not connect the mailbox', errorMessage(failure, 'Please try again.'));
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label={texts[owner].title}>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="E-mail address" htmlFor={id('address')} error={errors.address?.message}>
          <Input type="email" autoComplete="off" placeholder="sales@dealer.com" {...form.register('address')} />
        </FormField>
        <FormField label="User name" htmlFor={id('username')} error={errors.username?.message}>
          <Input autoComplete="off" spellCheck={false} placeholder="Usually the address" {...form.register('username')} />
        </FormField>
        <FormField label="Sign in with" htmlFor={id('auth')} error={errors.auth?.message}>
          <NativeSelect {...form.register('auth')}>
            <option value="password">Password or app password</option>
            <option value="xoauth2">OAuth2 access token (XOAUTH2)</option>
          </NativeSelect>
        </FormField>
        <FormField
          label={auth === 'xoauth2' ? 'Access token' : 'Password'}
          htmlFor={id('secret')}
          error={errors.secret?.message}
          description={mailbox ? 'Saved and never shown again; leave blank to keep it.' : undefined}
        >
          <Input type="password" autoComplete="new-password" spellCheck={false} {...form.register('secret')} />
        </FormField>
      </div>
      <div className="grid gap-3 sm:grid-cols-[1fr_7rem_auto]">
        <FormField label="IMAP server (incoming)" htmlFor={id('imap-host')} error={errors.imap_host?.message}>
          <Input autoComplete="off" spellCheck={false} placeholder="imap.dealer.com" {...form.register('imap_host')} />
        </FormField>
        <FormField label="Port" htmlFor={id('imap-port')} error={errors.imap_port?.message}>
          <Input type="number" inputMode="numeric" min={1} max={65535} {...form.register('imap_port', { valueAsNumber: true })} />
        </FormField>
        <TlsBox control={form.control} name="imap_tls" id={id('imap-tls')} />
      </div>
      <div className="grid gap-3 sm:grid-cols-[1fr_7rem_auto]">
        <FormField label="SMTP server (outgoing)" htmlFor={id('smtp-host')} error={errors.smtp_host?.message}>
          <Input autoComplete="off" spellCheck={false} placeholder="smtp.dealer.com" {...form.register('smtp_host')} />
        </FormField>
        <FormField label="Port" htmlFor={id('smtp-port')} error={errors.smtp_port?.message}>
          <Input type="number" inputMode="numeric" min={1} max={65535} {...form.register('smtp_port', { valueAsNumber: true })} />
        </FormField>
        <TlsBox control={form.control} name="smtp_tls" id={id('smtp-tls')} />
      </div>
      <p className="text-muted-foreground text-xs">
        TLS on: IMAP 993 and SMTP 465. TLS off: IMAP 143 and SMTP 587, moving to TLS when the server offers it (STARTTLS). Gmail
        and Outlook want an app password when two-step sign-in is on.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          <Save /> {save.isPending ? 'Checking with the mail servers...' : 'Save'}
        </Button>
        {mailbox && (
          <Button
            type="button"
            variant="outline"
            disabled={remove.isPending}
            onClick={() =>
              window.confirm('Disconnect this mailbox? Its mail stays in Torque; new mail is no longer read.') &&
              remove.mutate(undefined, {
                onSuccess: () => notifySuccess('Mailbox disconnected', 'Torque no longer reads this mailbox.'),
                onError: (failure) => notifyError('Could not disconnect the mailbox', errorMessage(failure, 'Please try again.')),
              })
            }
          >
            <Trash2 /> Disconnect
          </Button>
        )}
      </div>
    </form>
  );
}

/** A mailbox Torque reads over IMAP and sends from over SMTP: the user's own, or the company's (admins). */
export function MailboxCard({ owner }: { owner: MailboxOwner }) {
  const query = useMailbox(owner);
  const mailbox = query.data?.mailbox;
  const badge = mailbox ? stateBadge[mailbox.state] : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {texts[owner].title}
          {query.data && <Badge variant={badge?.variant ?? 'outline'}>{badge?.label ?? 'Not connected'}</Badge>}
        </CardTitle>
        <CardDescription>{texts[owner].description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {mailbox?.last_error && (
          <p role="status" className="text-destructive text-sm wrap-anywhere">
            {mailbox.last_error}
          </p>
        )}
        {mailbox?.last_read_at && (
          <p className="text-muted-foreground text-sm">Last read {formatDateTime(mailbox.last_read_at)}</p>
        )}
        <QueryState query={query} loadingMessage="Loading mailbox..." failedMessage="Failed to load the mailbox">
          {(data) => <MailboxForm owner={owner} mailbox={data.mailbox} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}
