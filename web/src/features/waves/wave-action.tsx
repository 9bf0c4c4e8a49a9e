import { Hand, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  type Actor,
  type CrewCardAction,
  canSendWave,
  type FlightTiming,
} from '../../../../domain';
import { Button } from '../../components/ui/button';
import { useSendWave } from './api';
import { WaveSentDialog } from './wave-sent-dialog';

type Props = {
  /** The card's button, from the domain's crewCardAction. */
  action: CrewCardAction;
  /** The crew entry (CrewMember fits): who, on which flight, and the wave between you. */
  member: {
    userId: number;
    flightId: number;
    user: { displayName: string };
    waveStatus: { waveId: number | null };
  };
  flight: FlightTiming;
  viewer: Actor;
  now: Date;
  /** Whether the viewer is on this flight (waving needs both people on it). */
  viewerOnFlight?: boolean;
};

/** Where the chat of an accepted wave opens: Messages, which opens it and clears the URL. */
export const chatPath = (waveId: number | null) =>
  waveId ? `/messages?waveId=${waveId}` : '/messages';

/**
 * The wave button of a crew member card for every state but 'self': Wave (POST /api/waves,
 * then the 'Wave Sent!' dialog), Waved (disabled, with "You've already waved on this flight"
 * beside it), Respond (to Messages), Chat / Chat (Departed) (opens the chat). It stays mounted
 * when the wave changes state, so the dialog survives the refetch that turns 'Wave' into 'Waved'.
 */
export function WaveAction({ action, member, flight, viewer, now, viewerOnFlight = true }: Props) {
  const navigate = useNavigate();
  const send = useSendWave();
  const [sentOpen, setSentOpen] = useState(false);
  const stop = (event: React.MouseEvent) => event.stopPropagation();

  let button: React.ReactNode = null;
  if (action.kind === 'chat') {
    button = (
      <Link
        to={chatPath(member.waveStatus.waveId)}
        onClick={stop}
        className="inline-flex h-9 items-center gap-1.5 rounded-xl bg-brand-600 px-3 text-sm font-medium text-white hover:bg-brand-700"
      >
        <MessageCircle aria-hidden="true" className="h-4 w-4" />
        {action.label}
      </Link>
    );
  } else if (action.kind === 'sent') {
    // Visible, not a tooltip: the card says why there is nothing to press, and the same words
    // whether or not the wave was declined (the sender is never told).
    const noteId = `waved-${member.flightId}-${member.userId}`;
    button = (
      <span className="inline-flex flex-wrap items-center gap-2">
        <Button size="sm" variant="secondary" disabled aria-describedby={noteId}>
          <Hand aria-hidden="true" className="h-4 w-4" />
          {action.label}
        </Button>
        <span id={noteId} className="text-xs text-slate-600">
          {action.note}
        </span>
      </span>
    );
  } else if (action.kind === 'respond') {
    button = (
      <Button
        size="sm"
        onClick={(event) => {
          stop(event);
          navigate('/messages');
        }}
      >
        {action.label}
      </Button>
    );
  } else if (action.kind === 'wave') {
    const rule = canSendWave(viewer, member.userId, flight, now, {
      senderOnFlight: viewerOnFlight,
      receiverOnFlight: true,
      // A declined wave still exists (one per pair and flight): the rule then says why not.
      existingWave: member.waveStatus.waveId !== null,
    });
    const reason = rule.ok ? null : rule.reason;
    button = (
      <span title={reason ?? undefined} className="inline-flex">
        <Button
          size="sm"
          disabled={!rule.ok || send.isPending}
          aria-label={`Wave at ${member.user.displayName}`}
          aria-description={reason ?? undefined}
          onClick={(event) => {
            stop(event);
            send.mutate(
              { receiverId: member.userId, flightId: member.flightId },
              { onSuccess: () => setSentOpen(true) },
            );
          }}
        >
          <Hand aria-hidden="true" className="h-4 w-4" />
          {send.isPending ? 'Sending...' : action.label}
        </Button>
      </span>
    );
  }

  return (
    <>
      {button}
      <WaveSentDialog open={sentOpen} onOpenChange={setSentOpen} name={member.user.displayName} />
    </>
  );
}
