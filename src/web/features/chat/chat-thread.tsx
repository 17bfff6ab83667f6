import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Send } from 'lucide-react';
import { MAX_MESSAGE_LENGTH } from '@shared/chat/schemas';
import type { ChatMessage } from '@shared/chat/types';
import { ErrorState } from '@/components/error-state';
import { InlineLoading } from '@/components/loading-screen';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { useCurrentSession } from '@/features/auth/api';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { notifyError } from '@/lib/toast';
import { messagesOf, useMarkChatRead, useMessages, useSendMessage } from './api';

/** Close enough to the bottom that a new message scrolls into view. */
const NEAR_BOTTOM_PX = 80;

/** '3:04 PM' today, 'Jan 5, 3:04 PM' before. */
function messageTime(iso: string) {
  const date = new Date(iso);
  const today = new Date().toDateString() === date.toDateString();
  return date.toLocaleString(
    'en-US',
    today ? { hour: 'numeric', minute: '2-digit' } : { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  );
}

function MessageItem({ message, mine }: { message: ChatMessage; mine: boolean }) {
  return (
    <li className={cn('flex flex-col gap-0.5', mine ? 'items-end' : 'items-start')} data-testid="chat-message">
      <p className="text-muted-foreground text-xs">
        <span className="text-foreground font-medium">{mine ? 'You' : message.sender_name}</span>{' '}
        <time dateTime={message.created_at}>{messageTime(message.created_at)}</time>
      </p>
      <p
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap',
          mine ? 'bg-primary text-primary-foreground rounded-br-sm' : 'bg-muted rounded-bl-sm',
        )}
      >
        {message.content}
      </p>
    </li>
  );
}

/**
 * A chat's messages, oldest first, with older pages on request, and the box to write in. The newest message is kept
 * in view while the reader is at the bottom; the chat is marked read as messages arrive while the tab is in view.
 */
export function ChatThread({ chatId, label }: { chatId: string; label: string }) {
  const { user } = useCurrentSession();
  const query = useMessages(chatId);
  const messages = messagesOf(query.data);
  const markRead = useMarkChatRead();
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);
  const newest = messages.at(-1);

  const { mutate: markChatRead } = markRead;
  useEffect(() => {
    if (!newest) return;
    if (document.visibilityState === 'visible') {
      markChatRead(chatId);
      return;
    }
    const onVisible = () => document.visibilityState === 'visible' && markChatRead(chatId);
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [chatId, newest?.id, markChatRead, newest]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (heightBeforeOlder.current !== null) {
      // Older messages went in above: keep the reader where they were.
      element.scrollTop += element.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else if (atBottom.current || newest?.sender_id === user.id) {
      element.scrollTop = element.scrollHeight;
    }
  }, [messages.length, newest?.id, newest?.sender_id, user.id]);

  const loadOlder = () => {
    heightBeforeOlder.current = scroller.current?.scrollHeight ?? null;
    void query.fetchNextPage();
  };

  let body;
  if (query.isError && !query.data) {
    body = <ErrorState message="Failed to load messages" error={query.error} onRetry={() => query.refetch()} />;
  } else if (!query.data) {
    body = <InlineLoading message="Loading messages..." />;
  } else if (messages.length === 0) {
    body = <p className="text-muted-foreground py-10 text-center text-sm">No messages yet. Say hello!</p>;
  } else {
    body = (
      <>
        {query.hasNextPage && (
          <div className="flex justify-center">
            <Button variant="ghost" size="sm" onClick={loadOlder} disabled={query.isFetchingNextPage}>
              {query.isFetchingNextPage ? 'Loading...' : 'Load older messages'}
            </Button>
          </div>
        )}
        <ol className="flex flex-col gap-3">
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} mine={message.sender_id === user.id} />
          ))}
        </ol>
      </>
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        role="log"
        aria-label={`Messages in ${label}`}
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto p-3"
        onScroll={(event) => {
          const element = event.currentTarget;
          atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
        }}
      >
        {body}
      </div>
      <Composer chatId={chatId} label={label} />
    </div>
  );
}

/** The message box: Enter sends, Shift+Enter starts a new line; blank text is not sent; what failed stays typed. */
function Composer({ chatId, label }: { chatId: string; label: string }) {
  const [text, setText] = useState('');
  const send = useSendMessage(chatId);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const content = text.trim();
    if (!content) return;
    setText('');
    send.mutate(content, {
      onError: (error) => {
        setText((current) => current || content);
        notifyError('Failed to send message', errorMessage(error, 'Please try again.'));
      },
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  const nearLimit = text.length > MAX_MESSAGE_LENGTH - 200;

  return (
    <form onSubmit={submit} className="flex items-end gap-2 border-t p-2">
      <div className="flex-1">
        <Textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          maxLength={MAX_MESSAGE_LENGTH}
          placeholder="Type a message..."
          aria-label={`Message ${label}`}
          className="max-h-32 min-h-9 resize-none"
        />
        {nearLimit && (
          <p className="text-muted-foreground mt-1 text-right text-xs" aria-live="polite">
            {text.length.toLocaleString('en-US')} / {MAX_MESSAGE_LENGTH.toLocaleString('en-US')}
          </p>
        )}
      </div>
      <Button type="submit" size="icon" aria-label="Send message" disabled={!text.trim()}>
        <Send />
      </Button>
    </form>
  );
}
