import { format, isSameDay } from 'date-fns';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { Message, PresentedUser, WaveWithParties } from '../../../../domain';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { SupportLogo } from '../../components/ui/support-logo';
import { cn } from '../../lib/cn';
import type { PendingMessage } from './api';
import { deliveredClientIds, removeFromOutbox, settleDelivered, useOutbox } from './outbox';
import type { OutboxRecord } from './outbox-store';

type Props = {
  wave: WaveWithParties;
  viewerId: number;
  messages: readonly Message[];
  pending: readonly PendingMessage[];
  loading: boolean;
};

export const SENDING_TEXT = 'Sending message...';
export const SENT_TEXT = 'Message sent';

function timeLabel(createdAt: string | number, now: Date) {
  const at = new Date(createdAt);
  return isSameDay(at, now) ? format(at, 'HH:mm') : format(at, 'd MMM, HH:mm');
}

function Bubble({
  mine,
  author,
  content,
  time,
  sending,
  sent,
}: {
  mine: boolean;
  author: PresentedUser;
  content: string;
  time: string;
  sending?: boolean;
  /** 'Message sent' under the viewer's newest delivered message. */
  sent?: boolean;
}) {
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[80%] rounded-2xl px-3 py-2',
          mine
            ? 'rounded-br-md bg-brand-600 text-white'
            : 'rounded-bl-md bg-slate-100 text-slate-900',
          sending && 'opacity-70',
        )}
      >
        {author.isAdmin ? (
          <p
            className={cn(
              'mb-0.5 flex items-center gap-1 text-[11px] font-semibold tracking-wide uppercase',
              mine ? 'text-brand-50' : 'text-brand-700',
            )}
          >
            <SupportLogo />
            Support
          </p>
        ) : null}
        {/* Text only: React escapes it, so markup in a message shows as written. */}
        <p className="break-words whitespace-pre-wrap">{content}</p>
        <p
          className={cn('mt-0.5 text-right text-[11px]', mine ? 'text-brand-50' : 'text-slate-500')}
        >
          {/* A status on the message rather than a toast per message (flights spec §8's
              'Sending message...' / 'Message sent'): a toast for every line would be noise. */}
          {sending ? SENDING_TEXT : time}
          {sent ? <span> · {SENT_TEXT}</span> : null}
        </p>
      </div>
    </li>
  );
}

/**
 * A message of the offline queue: 'Queued' until the connection returns, or refused by the
 * server — then its reason and 'Delete', since sending it again would be refused again.
 */
function QueuedBubble({ record, author }: { record: OutboxRecord; author: PresentedUser }) {
  if (record.state === 'queued')
    return <Bubble mine author={author} content={record.content} time="Queued" />;
  return (
    <li className="flex justify-end">
      <div className="max-w-[80%] rounded-2xl rounded-br-md border border-red-300 bg-red-50 px-3 py-2 text-slate-900">
        <p className="break-words whitespace-pre-wrap">{record.content}</p>
        <p className="mt-1 text-xs font-semibold text-red-700">Not sent: {record.error}</p>
        <div className="mt-1 flex justify-end">
          <Button
            size="sm"
            variant="outline"
            aria-label="Delete"
            onClick={() => removeFromOutbox(record.clientId)}
          >
            Delete
          </Button>
        </div>
      </div>
    </li>
  );
}

/** The thread, oldest first, kept scrolled to the newest; a polite log for screen readers. */
export function MessageList({ wave, viewerId, messages, pending, loading }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  // A message shows once: a sending or queued copy gives way to the stored one with its clientId.
  const delivered = useMemo(() => deliveredClientIds(messages, viewerId), [messages, viewerId]);
  const outbox = useOutbox(wave.id).filter((r) => !delivered.has(r.clientId));
  const sending = pending.filter((p) => !delivered.has(p.clientId));
  const count = messages.length + sending.length + outbox.length;
  const now = new Date();
  // 'Message sent' marks the viewer's newest stored message while it ends the thread and
  // nothing of theirs is still on its way.
  const last = messages.at(-1);
  const lastSentId =
    last && last.senderId === viewerId && sending.length === 0 && outbox.length === 0
      ? last.id
      : null;
  const me = wave.senderId === viewerId ? wave.sender : wave.receiver;
  const other = wave.senderId === viewerId ? wave.receiver : wave.sender;

  useEffect(() => settleDelivered(delivered), [delivered]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the thread grows
  useLayoutEffect(() => {
    const box = ref.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [count, loading]);

  return (
    <div
      ref={ref}
      role="log"
      aria-live="polite"
      aria-label="Messages"
      className="min-h-0 flex-1 overflow-y-auto px-4 py-3"
    >
      {loading ? (
        <div role="status" aria-label="Loading messages" className="space-y-3">
          <Skeleton className="h-12 w-2/3" />
          <Skeleton className="ml-auto h-12 w-1/2" />
          <Skeleton className="h-12 w-3/5" />
        </div>
      ) : count === 0 ? (
        <EmptyState
          framed={false}
          className="py-10 text-center"
          title="No messages here yet. Say hello to start the conversation!"
        />
      ) : (
        <ul className="space-y-2">
          {messages.map((message) => {
            const mine = message.senderId === viewerId;
            return (
              <Bubble
                key={message.id}
                mine={mine}
                author={mine ? me : other}
                content={message.content}
                time={timeLabel(message.createdAt, now)}
                sent={message.id === lastSentId}
              />
            );
          })}
          {sending.map((message) => (
            <Bubble
              key={`pending-${message.clientId}`}
              mine
              author={me}
              content={message.content}
              time=""
              sending
            />
          ))}
          {outbox.map((record) => (
            <QueuedBubble key={record.clientId} record={record} author={me} />
          ))}
        </ul>
      )}
    </div>
  );
}
