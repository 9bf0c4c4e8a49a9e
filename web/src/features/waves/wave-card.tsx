import { Check, MessageCircle, Trash2, X } from 'lucide-react';
import {
  type Actor,
  canDeleteWave,
  canRespondToWave,
  closedChatLabel,
  departureInstant,
  departureTimeLabel,
  flightNumberBase,
  formatCountdown,
  type WaveWithParties,
} from '../../../../domain';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { BlockMemberButton } from '../blocks';
import { ReportButton } from '../moderation';
import { PartyAvatar, PartyBadges } from './party-avatar';
import { countLabel, formatFlightDay, otherParty } from './wave-view';

type Props = {
  wave: WaveWithParties;
  viewer: Actor;
  now: Date;
  onOpenChat: (wave: WaveWithParties) => void;
  onRespond: (wave: WaveWithParties, status: 'accepted' | 'rejected') => void;
  onDelete: (wave: WaveWithParties) => void;
  /** A response to this wave is on its way. */
  busy?: boolean;
};

/** A wave in the Messages lists: a conversation (accepted) or a pending wave. */
export function WaveCard({ wave, viewer, now, onOpenChat, onRespond, onDelete, busy }: Props) {
  const other = otherParty(wave, viewer.id);
  const isReceiver = wave.receiverId === viewer.id;
  const { flight } = wave;
  const accepted = wave.status === 'accepted';
  const closedLabel = closedChatLabel(flight, now);
  const respond = canRespondToWave(viewer, wave, flight, now);
  const canDelete = canDeleteWave(viewer, wave).ok;
  const titleId = `wave-${wave.id}-name`;

  return (
    <article aria-labelledby={titleId}>
      <Card className="space-y-3">
        <div className="flex gap-3">
          <PartyAvatar person={other} />
          <div className="min-w-0 flex-1 space-y-1">
            <h3 id={titleId} className="font-semibold break-words">
              {other.displayName}
            </h3>
            <div className="flex flex-wrap items-center gap-1.5">
              {accepted ? null : (
                <Badge tone={isReceiver ? 'notice' : 'warning'} className="font-semibold">
                  {isReceiver ? 'Wave Request' : 'Pending Response'}
                </Badge>
              )}
              <PartyBadges person={other} crewRole={other.role} />
            </div>
            <p className="text-sm text-slate-600">
              <span className="font-medium text-slate-800">
                {flightNumberBase(flight.flightNumber)}
              </span>{' '}
              {flight.origin} → {flight.destination}
            </p>
            <p className="text-xs text-slate-500">
              {formatFlightDay(flight.departureDate)} · {departureTimeLabel(flight)}
            </p>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">
            {accepted && wave.unreadMessages > 0 ? (
              <Badge tone="alert" className="font-semibold">
                {countLabel(wave.unreadMessages, 'new message')}
              </Badge>
            ) : accepted && wave.unread ? (
              <Badge tone="notice" className="font-semibold">
                New
              </Badge>
            ) : null}
            {viewer.isDemoUser ? null : (
              <BlockMemberButton userId={other.id} name={other.displayName} />
            )}
            <ReportButton member={other} waveId={wave.id} />
            {canDelete && !accepted ? (
              <Button
                variant="ghost"
                size="icon"
                aria-label="Delete wave"
                onClick={() => onDelete(wave)}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4 text-red-600" />
              </Button>
            ) : null}
          </div>
        </div>

        {accepted ? (
          <div className="flex items-center justify-between gap-2">
            <p className="text-xs text-slate-600">
              {closedLabel
                ? null
                : `Chat closes in ${formatCountdown(departureInstant(flight).getTime() - now.getTime())}`}
            </p>
            <Button
              size="sm"
              variant={closedLabel ? 'outline' : 'primary'}
              onClick={() => onOpenChat(wave)}
            >
              <MessageCircle aria-hidden="true" className="h-4 w-4" />
              {closedLabel ?? 'Chat'}
            </Button>
          </div>
        ) : isReceiver ? (
          <div className="space-y-1">
            <div className="grid grid-cols-2 gap-2">
              <Button
                size="sm"
                disabled={!respond.ok || busy}
                onClick={() => onRespond(wave, 'accepted')}
              >
                <Check aria-hidden="true" className="h-4 w-4" />
                Accept Wave
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={!respond.ok || busy}
                onClick={() => onRespond(wave, 'rejected')}
              >
                <X aria-hidden="true" className="h-4 w-4" />
                Decline
              </Button>
            </div>
            {respond.ok ? null : <p className="text-xs text-slate-600">{respond.reason}</p>}
          </div>
        ) : (
          <p className="text-xs text-slate-600">
            Waiting for {other.displayName} to respond to your wave.
          </p>
        )}
      </Card>
    </article>
  );
}
