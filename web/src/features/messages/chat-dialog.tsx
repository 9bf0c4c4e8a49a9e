import { Phone, Trash2, X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  type Actor,
  canDeleteWave,
  canMessage,
  chatClosesLabel,
  departureTimeLabel,
  flightNumberBase,
  type WaveWithParties,
} from '../../../../domain';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast';
import { useNow } from '../../lib/use-now';
import { BlockMemberButton } from '../blocks';
import { ReportButton } from '../moderation';
import { setOpenChat } from '../notifications';
import {
  formatFlightDay,
  otherParty,
  PartyAvatar,
  PartyBadges,
  useConnectionUpdateToast,
  useDeleteWave,
  useRealtimeConnected,
} from '../waves';
import { newClientId, useMessages, usePendingMessages, useSendMessage } from './api';
import { ChatInput } from './chat-input';
import { ConnectionStatus } from './connection-status';
import { MessageList } from './message-list';
import { useChatMarkRead } from './use-chat-mark-read';

const OVERLAID =
  'fixed inset-0 z-50 flex flex-col bg-white shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:h-[85dvh] sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl';
const INLINE = 'flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white';

type Props = {
  wave: WaveWithParties;
  viewer: Actor;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * In the page, not over it: the right pane of Messages at desk width. A non-modal dialog
   * without portal or overlay, so the conversation list beside it stays usable.
   */
  inline?: boolean;
};

/** Over the page (portal and overlay), or in place when the chat is a pane. */
function Layer({ inline, children }: { inline: boolean; children: ReactNode }) {
  if (inline) return children;
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
      {children}
    </RadixDialog.Portal>
  );
}

/**
 * The chat with the other person of a wave: who they are (as the reveal rules allow), the
 * flight, Live/Offline, the thread, and the message box — or the domain's reason why not
 * (demo mode, the flight has departed, not accepted yet).
 */
export function ChatDialog({ wave, viewer, open, onOpenChange, inline = false }: Props) {
  const now = useNow();
  const connected = useRealtimeConnected();
  const other = otherParty(wave, viewer.id);
  const messages = useMessages(wave.id, open);
  const pending = usePendingMessages(wave.id);
  const send = useSendMessage(wave.id);
  const remove = useDeleteWave();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const messageBox = useRef<HTMLTextAreaElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  useChatMarkRead(wave, viewer, open);
  useConnectionUpdateToast(open ? { [wave.id]: wave.status } : {});

  // A 'New Message' push for this conversation is not shown while it is on screen.
  useEffect(() => {
    if (!open) return;
    setOpenChat(wave.id);
    return () => setOpenChat(null);
  }, [open, wave.id]);

  const sendRule = canMessage(viewer, wave, wave.flight, now);
  const canDelete = canDeleteWave(viewer, wave).ok;
  const { flight } = wave;

  async function deleteConversation() {
    // The promise, not mutate's callbacks: the wave leaves the list (and this dialog may
    // unmount) before per-call callbacks would run.
    const accepted = wave.status === 'accepted';
    try {
      await remove.mutateAsync(wave.id);
    } catch (error) {
      toast.error('Delete failed', error instanceof Error ? error.message : undefined);
      return;
    }
    toast.success(accepted ? 'Conversation deleted' : 'Wave Deleted');
    setConfirmOpen(false);
    onOpenChange(false);
  }

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange} modal={!inline}>
      <Layer inline={inline}>
        <RadixDialog.Content
          className={inline ? INLINE : OVERLAID}
          // Beside the list a click elsewhere (another conversation) is not a dismissal.
          onInteractOutside={inline ? (event) => event.preventDefault() : undefined}
          // Ready to type: focus starts in the message box, never on 'Delete conversation' (the
          // first button); a chat that cannot take messages starts on Close.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (messageBox.current ?? closeButton.current)?.focus();
          }}
        >
          <header className="flex items-start gap-3 border-b border-slate-200 px-4 pt-[max(env(safe-area-inset-top),1rem)] pb-3">
            <PartyAvatar person={other} />
            <div className="min-w-0 flex-1 space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <RadixDialog.Title className="truncate text-lg font-semibold">
                  {other.displayName}
                </RadixDialog.Title>
                <PartyBadges person={other} crewRole={null} trial={false} />
                <ConnectionStatus connected={connected} />
              </div>
              {other.mobileNumber ? (
                <a
                  href={`tel:${other.mobileNumber}`}
                  className="inline-flex items-center gap-1 text-sm text-brand-700 underline"
                >
                  <Phone aria-hidden="true" className="h-3.5 w-3.5" />
                  {other.mobileNumber}
                </a>
              ) : other.contactNote ? (
                <p className="text-xs text-slate-600">{other.contactNote}</p>
              ) : null}
              <RadixDialog.Description asChild>
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
                  <Badge tone="brand" className="font-semibold">
                    {flightNumberBase(flight.flightNumber)}
                  </Badge>
                  <span>
                    {flight.origin} → {flight.destination}
                  </span>
                  <span>
                    {formatFlightDay(flight.departureDate)} · {departureTimeLabel(flight)}
                  </span>
                  {wave.chatClosed ? null : (
                    <span className="basis-full text-xs">{chatClosesLabel(flight)}</span>
                  )}
                </div>
              </RadixDialog.Description>
            </div>
            <div className="flex shrink-0 items-center">
              {viewer.isDemoUser ? null : (
                <BlockMemberButton
                  userId={other.id}
                  name={other.displayName}
                  onBlocked={() => onOpenChange(false)}
                />
              )}
              <ReportButton member={other} waveId={wave.id} />
              {canDelete ? (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label="Delete conversation"
                  onClick={() => setConfirmOpen(true)}
                >
                  <Trash2 aria-hidden="true" className="h-5 w-5 text-red-600" />
                </Button>
              ) : null}
              <RadixDialog.Close asChild ref={closeButton}>
                <Button variant="ghost" size="icon" aria-label="Close chat">
                  <X aria-hidden="true" className="h-5 w-5" />
                </Button>
              </RadixDialog.Close>
            </div>
          </header>

          <MessageList
            wave={wave}
            viewerId={viewer.id}
            messages={messages.data ?? []}
            pending={pending}
            loading={messages.isPending}
          />

          <footer className="border-t border-slate-200 px-4 pt-3 pb-[max(env(safe-area-inset-bottom),0.75rem)]">
            {sendRule.ok ? (
              <ChatInput
                inputRef={messageBox}
                onSend={(content) => send.mutateAsync({ content, clientId: newClientId() })}
              />
            ) : (
              <p className="rounded-xl bg-slate-100 px-3 py-3 text-center text-sm text-slate-700">
                {sendRule.reason}
              </p>
            )}
          </footer>

          <ConfirmDialog
            open={confirmOpen}
            onCancel={() => setConfirmOpen(false)}
            onConfirm={() => void deleteConversation()}
            title="Delete this conversation?"
            description={`Your wave with ${other.displayName} and all its messages are permanently deleted for both of you.`}
            confirmLabel="Delete"
            busyLabel="Deleting..."
            busy={remove.isPending}
            destructive
          />
        </RadixDialog.Content>
      </Layer>
    </RadixDialog.Root>
  );
}
