import { Pencil, UserMinus } from 'lucide-react';
import { useNavigate } from 'react-router';
import {
  ACCESS_REASONS,
  type CrewMember,
  crewCardAction,
  type FlightTiming,
  isDeparted,
  waveBadge,
} from '../../../../domain';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { BlockMemberButton } from '../blocks';
import { Hint, type Viewer } from '../flights';
import { ReportButton } from '../moderation';
import { PartyAvatar, PartyBadges, WaveAction } from '../waves';

/**
 * The wave as the domain rules read it: sender, receiver and status from the viewer's side. The
 * server sends 'rejected' only to the receiver who declined (to a sender it stays
 * 'pending-sent'), so a rejected wave here was the member's.
 */
function waveOf(member: CrewMember, viewerId: number) {
  const { status } = member.waveStatus;
  if (status === 'none') return null;
  if (status === 'pending-sent') return { senderId: viewerId, status: 'pending' };
  if (status === 'pending-received') return { senderId: member.userId, status: 'pending' };
  if (status === 'rejected') return { senderId: member.userId, status };
  return { senderId: viewerId, status };
}

type Props = {
  member: CrewMember;
  flight: FlightTiming;
  viewer: Viewer;
  now: Date;
  /** Waving needs both people on the flight. */
  viewerOnFlight: boolean;
  onEdit?: () => void;
  onRemove?: (member: CrewMember) => void;
};

export function CrewMemberCard({
  member,
  flight,
  viewer,
  now,
  viewerOnFlight,
  onEdit,
  onRemove,
}: Props) {
  const navigate = useNavigate();
  const { user } = member;
  const self = member.userId === viewer.id;
  const wave = waveOf(member, viewer.id);
  const action = crewCardAction(viewer.id, member.userId, wave, flight, now);
  const badge = waveBadge(wave, viewer.id);
  const departed = isDeparted(flight, now);
  const waveId = member.waveStatus.waveId;
  const name = user.displayName;
  const connected = action.kind === 'chat' && waveId !== null;

  return (
    <Card
      aria-label={name}
      data-testid="crew-member"
      className={cn('flex gap-3', connected && 'cursor-pointer hover:border-brand-500')}
      onClick={connected ? () => navigate(`/messages?waveId=${waveId}`) : undefined}
    >
      <PartyAvatar person={user} size="lg" />
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-center gap-1.5">
          <h3 className="font-semibold">{name}</h3>
          <PartyBadges person={user} crewRole={member.role} support={false} />
          {badge ? <Badge tone="success">{badge}</Badge> : null}
        </div>
        {member.fullIdentity ? (
          <p className="text-xs text-slate-600">
            {member.fullIdentity.name ?? 'No name'} · {member.fullIdentity.email}
          </p>
        ) : null}
        {user.mobileNumber && !self ? (
          <p className="text-xs text-slate-600">{user.mobileNumber}</p>
        ) : null}
        {member.tags.length > 0 ? (
          <ul aria-label="Tags" className="flex flex-wrap gap-1">
            {member.tags.map((tag) => (
              <Badge as="li" key={tag} className="font-normal">
                {tag}
              </Badge>
            ))}
          </ul>
        ) : null}
        {member.note ? <p className="text-sm text-slate-700 italic">“{member.note}”</p> : null}
        <div className="flex flex-wrap items-center gap-2 pt-1">
          {action.kind === 'self' ? (
            <>
              <Button size="sm" variant="secondary" disabled>
                {action.label}
              </Button>
              {onEdit ? (
                <Button size="sm" variant="ghost" onClick={onEdit}>
                  <Pencil aria-hidden="true" className="h-4 w-4" />
                  Edit tags and note
                </Button>
              ) : null}
            </>
          ) : (
            <WaveAction
              action={action}
              member={member}
              flight={flight}
              viewer={viewer}
              now={now}
              viewerOnFlight={viewerOnFlight}
            />
          )}
          {self || viewer.isDemoUser ? null : (
            <BlockMemberButton userId={member.userId} name={name} size="sm" />
          )}
          {self ? null : (
            <ReportButton size="sm" member={{ id: member.userId, displayName: name }} />
          )}
          {onRemove && !self ? (
            <Hint text={departed ? ACCESS_REASONS.removeCrewDeparted : null}>
              <Button
                size="sm"
                variant="ghost"
                disabled={departed}
                aria-label={`Remove ${name}`}
                onClick={(e) => {
                  e.stopPropagation();
                  onRemove(member);
                }}
              >
                <UserMinus aria-hidden="true" className="h-4 w-4 text-red-600" />
              </Button>
            </Hint>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
