import { useState } from 'react';
import { Mail, MessageSquare, NotebookPen, Send } from 'lucide-react';
import type { ReplyTemplate } from '@shared/conversations/templates';
import { TEXT_MAX, textRefusal, type ConversationEntry, type ConversationState } from '@shared/conversations/types';
import { emailOptedOutMessage } from '@shared/emails/schemas';
import { deliveryStateOf } from '@shared/outbox/delivery';
import { QueryState } from '@/components/query-state';
import { ShowMore } from '@/components/show-more';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { DeliveryBadge } from '@/features/outbox';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useConversation, useConversationState, useCustomerTemplates, useSendEmailReply, useSendText } from './api';

const channelIcons = { email: Mail, text: MessageSquare, logged: NotebookPen } as const;
const channelWords = { email: 'E-mail', text: 'Text', logged: 'Logged' } as const;

/** One message of the thread: the customer's on the left, ours on the right, with its delivery when we sent it. */
function Entry({ entry, customer }: { entry: ConversationEntry; customer: string }) {
  const Icon = channelIcons[entry.channel];
  const ours = entry.direction === 'outbound';
  const who = ours ? (entry.by ?? 'Torque') : customer;
  return (
    <li className={cn('flex', ours ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'grid max-w-[85%] min-w-0 gap-1 rounded-lg border px-3 py-2 text-sm',
          ours ? 'bg-primary/5 dark:bg-primary/15' : 'bg-muted/60',
        )}
      >
        <p className="text-muted-foreground text-xs">
          <Icon className="mr-1 inline size-3.5 align-[-2px]" aria-hidden />
          <span>
            {channelWords[entry.channel]}
            {entry.title ? ` · ${entry.title}` : ''} · {who} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </span>
        </p>
        {entry.body && <p className="break-words whitespace-pre-wrap">{entry.body}</p>}
        {entry.delivery && (
          <div className="flex flex-wrap items-center gap-2">
            <DeliveryBadge delivery={entry.delivery} kind={entry.channel === 'text' ? 'sms' : 'email'} />
            {entry.delivery.status === 'pending' &&
              entry.delivery.send_after &&
              new Date(entry.delivery.send_after) > new Date() && (
                <span className="text-muted-foreground text-xs">leaves {formatDateTime(entry.delivery.send_after)}</span>
              )}
          </div>
        )}
      </div>
    </li>
  );
}

type Draft = { key: number; subject: string; body: string };

function TextReply({
  customerId,
  name,
  state,
  draft,
}: {
  customerId: string;
  name: string;
  state: ConversationState;
  draft: Draft;
}) {
  const [body, setBody] = useState(draft.body);
  const [error, setError] = useState<string | undefined>();
  const send = useSendText(customerId);
  const refusal = textRefusal(state, name);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return setError('Write the text to send');
    send.mutate(
      { body },
      {
        onSuccess: (sent) => {
          setBody('');
          setError(undefined);
          const leaves = sent.delivery?.send_after;
          if (sent.delivery?.status === 'held') {
            notifyInfo('Text Held', `Texting is not set up, so the text to ${name} waits in the outbox.`);
          } else if (leaves && new Date(leaves) > new Date()) {
            notifySuccess('Text Queued', `It leaves at ${formatDateTime(leaves)}, 8 am where ${name} is.`);
          } else notifySuccess('Text Queued', `To ${state.phone}. The thread shows when it has gone.`);
        },
        onError: (failure) => notifyError('Could not send the text', errorMessage(failure, 'Please try again.')),
      },
    );
  };
  if (refusal) return <p className="text-muted-foreground text-sm">{refusal}</p>;
  return (
    <form onSubmit={submit} noValidate className="grid gap-2" aria-label={`Text ${name}`}>
      <FormField
        label={`Text to ${state.phone}`}
        htmlFor="conversation-text"
        error={error}
        description={`${body.length.toLocaleString()} / ${TEXT_MAX.toLocaleString()} characters`}
      >
        <Textarea rows={3} maxLength={TEXT_MAX} value={body} onChange={(event) => setBody(event.target.value)} />
      </FormField>
      {state.quiet_until && (
        <p className="text-muted-foreground text-sm">
          It is 9 pm–8 am where {name} is: the text waits until {formatDateTime(state.quiet_until)}.
        </p>
      )}
      {!state.texting && (
        <p className="text-muted-foreground text-sm">
          Texting is not set up yet: the text waits in the outbox until an admin sets it up in Settings → Texting.
        </p>
      )}
      <div>
        <Button type="submit" disabled={send.isPending}>
          <Send /> {send.isPending ? 'Sending...' : 'Send text'}
        </Button>
      </div>
    </form>
  );
}

/** An answer's subject: the customer's, with one 'Re: ' before it. */
const replySubject = (subject: string) => (/^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`).slice(0, 300);

function EmailReply({
  customerId,
  name,
  state,
  draft,
}: {
  customerId: string;
  name: string;
  state: ConversationState;
  draft: Draft;
}) {
  const [subject, setSubject] = useState(draft.subject || (state.reply_to ? replySubject(state.reply_to.subject) : ''));
  const [message, setMessage] = useState(draft.body);
  const send = useSendEmailReply(customerId);
  if (!state.email)
    return (
      <p className="text-muted-foreground text-sm">{name} has no e-mail address. Add one to their record to write to them.</p>
    );
  const optedOut = state.email_consent === 'opted_out';
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    send.mutate(
      { to: state.email!, subject, message, transactional: optedOut, reply_to: state.reply_to?.id },
      {
        onSuccess: (sent) => {
          setSubject(state.reply_to ? replySubject(state.reply_to.subject) : '');
          setMessage('');
          const delivered = sent.delivery ? deliveryStateOf(sent.delivery) : 'sent';
          if (delivered === 'held')
            notifyInfo('Email Held', `No mail server is set up, so the mail to ${name} waits in the outbox.`);
          else if (delivered === 'sent') notifySuccess('Email Sent', `To ${name}`);
          else notifySuccess('Email Queued', `To ${name}. The thread shows when it has gone.`);
        },
        onError: (failure) => notifyError('Could not send the e-mail', errorMessage(failure, 'Please try again.')),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-2" aria-label={`E-mail ${name}`}>
      <FormField label="Subject" htmlFor="conversation-subject">
        <Input value={subject} maxLength={300} onChange={(event) => setSubject(event.target.value)} />
      </FormField>
      <FormField label="Message" htmlFor="conversation-message">
        <Textarea rows={4} value={message} onChange={(event) => setMessage(event.target.value)} />
      </FormField>
      {optedOut && <p className="text-muted-foreground text-sm">{emailOptedOutMessage(state.email)} It is sent as one.</p>}
      {state.email_held ? (
        <p className="text-muted-foreground text-sm">
          No mailbox is connected: the e-mail waits in the outbox. Connect your mailbox in Settings → My Mailbox.
        </p>
      ) : (
        state.email_from && (
          <p className="text-muted-foreground text-sm">
            From {state.email_from}
            {state.reply_to ? ', as a reply to their last e-mail' : ''}
          </p>
        )
      )}
      <div>
        <Button type="submit" disabled={send.isPending || !subject.trim() || !message.trim()}>
          <Send /> {send.isPending ? 'Sending...' : 'Send e-mail'}
        </Button>
      </div>
    </form>
  );
}

/** The reply templates filled for this customer: one click starts the reply with it. */
function QuickReplies({ customerId, onPick }: { customerId: string; onPick: (template: ReplyTemplate) => void }) {
  const templates = useCustomerTemplates(customerId);
  if (!templates.data?.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Quick replies">
      <span className="text-muted-foreground text-xs">Quick replies:</span>
      {templates.data.map((template) => (
        <Button key={template.id} type="button" variant="outline" size="sm" onClick={() => onPick(template)}>
          {template.name}
        </Button>
      ))}
    </div>
  );
}

/** Consent on each channel, beside the reply box. */
function ConsentLine({ state }: { state: ConversationState }) {
  const words = (status: ConversationState['sms_consent']) =>
    status === 'opted_in' ? 'opted in' : status === 'opted_out' ? 'opted out' : 'none recorded';
  return (
    <p className="text-muted-foreground text-xs">
      Texts: {words(state.sms_consent)} · E-mail: {words(state.email_consent)}
    </p>
  );
}

/**
 * The customer's e-mails, texts and logged contacts as one thread, oldest at the top, with a reply box that texts or
 * e-mails them and says why it cannot when it cannot. New messages arrive without a reload.
 */
export function ConversationCard({ customerId, name }: { customerId: string; name: string }) {
  const thread = useConversation(customerId);
  const state = useConversationState(customerId);
  const [channel, setChannel] = useState<'text' | 'email'>('text');
  const [draft, setDraft] = useState<Draft>({ key: 0, subject: '', body: '' });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Conversation</CardTitle>
        <CardDescription>E-mails, texts, calls and notes with {name}, oldest first.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryState query={thread} loadingMessage="Loading conversation..." failedMessage="Failed to load the conversation">
          {(data) => {
            const entries = data.pages.flatMap((page) => page.items).reverse();
            return (
              <div className="grid gap-3">
                <ShowMore list={thread} label="Show earlier messages" className="py-0" />
                {entries.length === 0 ? (
                  <p className="text-muted-foreground text-sm">No messages with {name} yet.</p>
                ) : (
                  <ol className="grid max-h-[28rem] gap-2 overflow-y-auto pr-1" aria-label={`Conversation with ${name}`}>
                    {entries.map((entry) => (
                      <Entry key={`${entry.channel}-${entry.id}`} entry={entry} customer={name} />
                    ))}
                  </ol>
                )}
              </div>
            );
          }}
        </QueryState>
        <QueryState query={state} loadingMessage="Loading..." failedMessage="Failed to load what can be sent">
          {(current) => (
            <Tabs
              value={channel}
              onValueChange={(next) => setChannel(next as 'text' | 'email')}
              className="grid gap-3 border-t pt-4"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <TabsList aria-label="Reply by">
                  <TabsTrigger value="text">Text</TabsTrigger>
                  <TabsTrigger value="email">E-mail</TabsTrigger>
                </TabsList>
                <ConsentLine state={current} />
              </div>
              <QuickReplies
                customerId={customerId}
                onPick={(template) => setDraft({ key: draft.key + 1, subject: template.subject, body: template.body })}
              />
              <TabsContent value="text">
                <TextReply key={draft.key} customerId={customerId} name={name} state={current} draft={draft} />
              </TabsContent>
              <TabsContent value="email">
                <EmailReply key={draft.key} customerId={customerId} name={name} state={current} draft={draft} />
              </TabsContent>
            </Tabs>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
