import { MessageCircle, Plane } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { WaveWithParties } from '../../../domain';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { EmptyState } from '../components/ui/empty-state';
import { Skeleton, SkeletonCards } from '../components/ui/skeleton';
import { toast } from '../components/ui/toast';
import { WIDE_PAGE } from '../components/ui/wide-page';
import { useSession } from '../features/auth';
import { loadChatDialog } from '../features/messages';
import {
  countLabel,
  MarkAllReadButton,
  NotificationsClearedBanner,
  useDeleteWave,
  useRespondToWave,
  useWaves,
  WaveCard,
  type WaveResult,
  WaveResultNotice,
  waveCounts,
  waveListQuery,
} from '../features/waves';
import { cn } from '../lib/cn';
import { type PageData, prefetch } from '../lib/page-data';
import { queryFailed } from '../lib/query-failed';
import { useDeskLayout } from '../lib/use-media-query';
import { useNow } from '../lib/use-now';
import { useOnDemand } from '../lib/use-on-demand';

/** ?waveId= as a positive integer, else null. */
function parseWaveId(raw: string | null): number | null {
  if (raw === null) return null;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function MessagesPage() {
  const navigate = useNavigate();
  const { data: viewer } = useSession();
  const waves = useWaves('wavesOnMessages');
  const now = useNow();
  const respond = useRespondToWave();
  const remove = useDeleteWave();
  const [params, setParams] = useSearchParams();
  const desk = useDeskLayout();
  // On a phone the chat covers the screen and ?waveId= is only a way in; at desk width it is the
  // right pane and the address says which conversation is open (Back, reload and links work).
  const [dialogWaveId, setDialogWaveId] = useState<number | null>(null);
  const [cleared, setCleared] = useState(false);
  const [result, setResult] = useState<{ value: WaveResult; at: number } | null>(null);
  const dismissResult = useCallback(() => setResult(null), []);

  // ?waveId= opens that wave's chat, then (on a phone) the address is cleaned up.
  const requested = params.get('waveId');
  useEffect(() => {
    if (requested === null || desk) return;
    const id = parseWaveId(requested);
    if (id !== null) setDialogWaveId(id);
    setParams({}, { replace: true });
  }, [requested, setParams, desk]);
  const chatWaveId = desk ? parseWaveId(requested) : dialogWaveId;
  const setChatWaveId = useCallback(
    (id: number | null) => {
      if (!desk) return setDialogWaveId(id);
      setParams(id === null ? {} : { waveId: String(id) }, { replace: id === null });
    },
    [desk, setParams],
  );

  const list = waves.data ?? [];
  const chatWave = list.find((w) => w.id === chatWaveId) ?? null;
  // A wave that is not (or no longer) there: the chat closes.
  useEffect(() => {
    if (chatWaveId !== null && waves.isSuccess && !chatWave) setChatWaveId(null);
  }, [chatWaveId, waves.isSuccess, chatWave, setChatWaveId]);
  // The chat's code comes when a conversation is first opened, not with the list.
  const chatCode = useOnDemand(loadChatDialog, chatWave !== null, () => {
    setChatWaveId(null);
    toast.error('Connection Error', 'Not connected to server. Try again later.');
  });

  const counts = useMemo(() => waveCounts(list), [list]);
  const conversations = list.filter((w) => w.status === 'accepted');
  const pendingWaves = list.filter((w) => w.status === 'pending');

  if (!viewer) return null;

  function onRespond(wave: WaveWithParties, status: WaveResult) {
    respond.mutate(
      { waveId: wave.id, status },
      { onSuccess: () => setResult({ value: status, at: Date.now() }) },
    );
  }

  function onDelete(wave: WaveWithParties) {
    const mine = wave.senderId === viewer?.id;
    remove.mutate(wave.id, {
      onSuccess: () => toast.success('Wave Deleted'),
      onError: (error) =>
        toast.error(
          mine ? 'Failed to delete connection request' : 'Failed to delete wave',
          error.message,
        ),
    });
  }

  const cardProps = {
    viewer,
    now,
    onOpenChat: (wave: WaveWithParties) => setChatWaveId(wave.id),
    onRespond,
    onDelete,
  };

  const chat =
    chatWave && chatCode ? (
      <chatCode.ChatDialog
        key={chatWave.id}
        wave={chatWave}
        viewer={viewer}
        open
        inline={desk}
        onOpenChange={(open) => {
          if (!open) setChatWaveId(null);
        }}
      />
    ) : null;
  // A conversation opened while the chat's code is still on its way (a slow link).
  const opening = chatWave !== null && !chatCode;

  const page = (
    <main className="space-y-5">
      <WaveResultNotice
        result={result?.value ?? null}
        shownAt={result?.at}
        onDismiss={dismissResult}
      />

      <header className="space-y-2">
        <div className="flex items-center justify-between gap-3">
          <h1 className="flex items-center gap-2 text-2xl font-bold">
            Messages
            {counts.unreadWaves > 0 ? (
              <Badge tone="alert" className="h-6 min-w-6 justify-center px-1.5 font-bold">
                {counts.unreadWaves}
                <span className="sr-only"> unread</span>
              </Badge>
            ) : null}
          </h1>
          <MarkAllReadButton poll="wavesOnMessages" onDone={() => setCleared(true)} />
        </div>
        {counts.newWaves > 0 || counts.unreadMessages > 0 ? (
          <div className="space-y-0.5 text-sm">
            {counts.newWaves > 0 ? (
              <p className="font-medium text-blue-700">{countLabel(counts.newWaves, 'new wave')}</p>
            ) : null}
            {counts.unreadMessages > 0 ? (
              <p className="font-medium text-red-700">
                {countLabel(counts.unreadMessages, 'unread message')}
              </p>
            ) : null}
          </div>
        ) : null}
      </header>

      {cleared ? <NotificationsClearedBanner onDismiss={() => setCleared(false)} /> : null}

      {waves.isPending ? (
        <SkeletonCards label="Loading messages" />
      ) : queryFailed(waves) && waves.error ? (
        <Card className="space-y-3 text-center">
          <p role="alert" className="text-red-700">
            {waves.error.message}
          </p>
          <Button variant="outline" onClick={() => void waves.refetch()}>
            Try again
          </Button>
        </Card>
      ) : conversations.length === 0 && pendingWaves.length === 0 ? (
        <EmptyState
          icon={MessageCircle}
          titleAs="h2"
          title="No messages yet"
          description="Wave at crew on your flights. Once a wave is accepted, you can chat here."
          action={
            <Button onClick={() => navigate('/home')}>
              <Plane aria-hidden="true" className="h-4 w-4" />
              Explore Flights
            </Button>
          }
        />
      ) : (
        <>
          <section aria-labelledby="conversations-heading" className="space-y-3">
            <h2 id="conversations-heading" className="text-lg font-semibold">
              Conversations
            </h2>
            {conversations.length === 0 ? (
              <EmptyState
                framed={false}
                title="No conversations yet. Accepted waves appear here."
              />
            ) : (
              <ul className="space-y-3">
                {conversations.map((wave) => (
                  <li key={wave.id}>
                    <WaveCard wave={wave} {...cardProps} />
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="pending-heading" className="space-y-3">
            <h2 id="pending-heading" className="text-lg font-semibold">
              Pending Waves
            </h2>
            {pendingWaves.length === 0 ? (
              <EmptyState framed={false} title="No pending waves." />
            ) : (
              <ul className="space-y-3">
                {pendingWaves.map((wave) => (
                  <li key={wave.id}>
                    <WaveCard
                      wave={wave}
                      {...cardProps}
                      busy={respond.isPending && respond.variables?.waveId === wave.id}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}

      {desk ? null : (chat ?? (opening ? <OpeningChat inline={false} /> : null))}
    </main>
  );
  if (!desk) return page;
  // Desk width: the list on the left, the open conversation (or a hint) on the right.
  return (
    <div className={cn(WIDE_PAGE, 'grid grid-cols-[minmax(0,26rem)_minmax(0,1fr)] gap-6')}>
      {page}
      <section aria-label="Conversation" className="sticky top-4 h-[calc(100dvh-2rem)] self-start">
        {chat ??
          (opening ? (
            <OpeningChat inline />
          ) : (
            <EmptyState
              icon={MessageCircle}
              className="h-full content-center"
              title="Select a conversation to read and reply."
            />
          ))}
      </section>
    </div>
  );
}

/**
 * Shown from the tap that opens a conversation until the chat's code is in: on a phone a note
 * above the navigation, at desk width a placeholder where the chat will be.
 */
function OpeningChat({ inline }: { inline: boolean }) {
  return inline ? (
    <div role="status" aria-label="Opening chat" className="h-full">
      <Skeleton className="h-full w-full" />
    </div>
  ) : (
    <p
      role="status"
      className="fixed inset-x-0 bottom-24 z-40 mx-auto w-max rounded-full bg-slate-900 px-4 py-2 text-sm text-white shadow-lg"
    >
      Opening chat…
    </p>
  );
}

/** The waves, for the first render. */
MessagesPage.preloadData = ((client) => prefetch(client, waveListQuery())) satisfies PageData;
