import { ArrowLeft, CalendarDays, Check, LogOut, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  ACCESS_REASONS,
  type CrewMember,
  canDeleteFlight,
  detailStatusLine,
  isDeparted,
  localAndGmtLabel,
  type WaveStatus,
} from '../../../domain';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { EmptyState } from '../components/ui/empty-state';
import { Skeleton, SkeletonCards } from '../components/ui/skeleton';
import { toast } from '../components/ui/toast';
import {
  CrewEntryDialog,
  type CrewEntryValues,
  CrewMemberCard,
  RemoveCrewDialog,
} from '../features/crew';
import {
  DeleteFlightDialog,
  flightName,
  flightQueries,
  formatDay,
  GmtClock,
  Hint,
  isFlightId,
  LeaveFlightDialog,
  useFlightDetail,
  useJoinFlight,
  useUpdateCrewEntry,
  useViewer,
} from '../features/flights';
import { useConnectionUpdateToast } from '../features/waves';
import { ApiError } from '../lib/api-client';
import { cn } from '../lib/cn';
import { type PageData, prefetch } from '../lib/page-data';
import { queryFailed } from '../lib/query-failed';
import { useNow } from '../lib/use-now';

export function FlightDetailPage() {
  const { id } = useParams();
  const flightId = Number(id);
  const navigate = useNavigate();
  const viewer = useViewer();
  const now = useNow();
  const detail = useFlightDetail(flightId);
  const [joinOpen, setJoinOpen] = useState(false);
  const [editOpen, setEditOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [leaveOpen, setLeaveOpen] = useState(false);
  const [toRemove, setToRemove] = useState<CrewMember | null>(null);

  const join = useJoinFlight(flightId);
  const joinFlight = (values: CrewEntryValues) =>
    join.mutate(values, {
      onSuccess: () => {
        toast.success('Success!', "You've been added to this flight", 5000);
        setJoinOpen(false);
      },
      onError: (error) => {
        setJoinOpen(false);
        // Someone already on the flight has nothing to be told: the list refresh shows it.
        if (!error.message.includes('already on this flight'))
          toast.error('Failed to join flight', error.message);
      },
    });
  const mine = detail.data?.crewMembers.find((m) => m.userId === viewer?.id);
  // Each crew card's wave as a status, so a change while the flight is open is announced.
  useConnectionUpdateToast(
    Object.fromEntries(
      (detail.data?.crewMembers ?? []).map((m) => {
        const { status } = m.waveStatus;
        const wave = status === 'none' ? null : status.startsWith('pending') ? 'pending' : status;
        return [m.userId, wave as WaveStatus | null];
      }),
    ),
  );
  const edit = useUpdateCrewEntry(flightId);
  const saveEntry = (values: CrewEntryValues) =>
    mine &&
    edit.mutate(
      { entryId: mine.id, values },
      {
        onSuccess: () => setEditOpen(false),
        onError: (error) => toast.error('Update Failed', error.message),
      },
    );

  const back = (
    <Button variant="ghost" size="sm" onClick={() => navigate('/home')}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back
    </Button>
  );

  // An id that cannot exist (/flight/abc) is never asked for, so its query stays pending:
  // it is not found at once rather than a skeleton forever.
  const impossibleId = !Number.isInteger(flightId) || flightId <= 0;
  if (detail.isPending && !impossibleId) {
    return (
      <main className="space-y-4">
        {back}
        <Skeleton className="h-40 w-full" />
        <SkeletonCards label="Loading crew" />
      </main>
    );
  }
  if (queryFailed(detail) || !detail.data || !viewer) {
    const missing =
      impossibleId ||
      (detail.error instanceof ApiError && [400, 404].includes(detail.error.status));
    return (
      <main className="space-y-4">
        {back}
        <Card role="alert" className="py-10 text-center">
          <h1 className="text-xl font-semibold">
            {missing ? 'Flight not found' : 'Failed to load flight'}
          </h1>
        </Card>
      </main>
    );
  }

  const flight = detail.data;
  const departed = isDeparted(flight, now);
  const { name, time } = flightName(flight.flightNumber);
  const status = detailStatusLine(flight, now);
  const joinHint = departed ? ACCESS_REASONS.joinDeparted : null;
  // The crew list is in join order without deleted members: its head is the first crew member.
  const canDelete = canDeleteFlight(viewer, {
    firstCrewUserId: flight.crewMembers[0]?.userId ?? null,
    crewCount: flight.crewMembers.length,
  }).ok;
  // Not allowed to delete but on it (e.g. others joined after them): they may leave instead.
  const canLeave = !canDelete && mine !== undefined && !viewer.isDemoUser;

  return (
    <main className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        {back}
        <GmtClock className="text-sm text-slate-600" />
      </div>

      <header className="flex items-start justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">{name}</h1>
          {time ? <p className="font-medium text-brand-700">{time}</p> : null}
        </div>
        {canDelete ? (
          <Button
            variant="outline"
            size="sm"
            className="text-red-700"
            onClick={() => setDeleteOpen(true)}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Delete Flight
          </Button>
        ) : canLeave ? (
          <Hint text={departed ? ACCESS_REASONS.removeCrewDeparted : null}>
            <Button
              variant="outline"
              size="sm"
              className="text-red-700"
              disabled={departed}
              onClick={() => setLeaveOpen(true)}
            >
              <LogOut aria-hidden="true" className="h-4 w-4" />
              Leave flight
            </Button>
          </Hint>
        ) : null}
      </header>

      {viewer.isAdmin ? (
        <Badge as="p" tone="admin" className="gap-1.5 px-3 py-1 text-sm">
          <ShieldCheck aria-hidden="true" className="h-4 w-4" />
          Admin View: Showing Full Identities
        </Badge>
      ) : null}

      <Card className="space-y-3" aria-label="Flight">
        <div className="grid grid-cols-2 gap-3">
          <div>
            <p className="text-xs text-slate-500 uppercase">From</p>
            <p className="text-2xl font-bold">{flight.origin}</p>
          </div>
          <div className="text-right">
            <p className="text-xs text-slate-500 uppercase">To</p>
            <p className="text-2xl font-bold">{flight.destination}</p>
          </div>
        </div>
        <p className="flex items-center gap-1.5 text-slate-700">
          <CalendarDays aria-hidden="true" className="h-4 w-4" />
          {formatDay(flight.departureDate, 'long')}
        </p>
        <p className="text-sm text-slate-600">Flight {time ? `${name} ${time}` : name}</p>
        {flight.localDeparture?.timeZone && localAndGmtLabel(flight) ? (
          <p className="text-sm text-slate-600" data-testid="local-departure">
            Departs {localAndGmtLabel(flight)}
          </p>
        ) : null}
        <p className={cn('font-medium', departed ? 'text-red-600' : 'text-emerald-700')}>
          {status}
        </p>
        {flight.onlineCrewCount > 0 ? (
          <p className="text-sm text-emerald-700">
            {flight.onlineCrewCount} of {flight.crewCount} crew online
          </p>
        ) : null}
        {flight.isJoined ? (
          <Button variant="secondary" className="w-full" disabled>
            <Check aria-hidden="true" className="h-4 w-4" />
            You're on this flight
          </Button>
        ) : (
          <Hint text={joinHint}>
            <Button
              className="w-full"
              disabled={departed}
              onClick={() => {
                if (viewer.isDemoUser) {
                  toast.error('Demo Mode', ACCESS_REASONS.demoJoin);
                  return;
                }
                setJoinOpen(true);
              }}
            >
              Join Flight
            </Button>
          </Hint>
        )}
      </Card>

      <section aria-labelledby="crew-heading" className="space-y-3">
        <h2 id="crew-heading" className="text-lg font-semibold">
          Crew Members ({flight.crewCount})
        </h2>
        {flight.crewMembers.length === 0 ? (
          <EmptyState title="No crew members have joined this flight yet." />
        ) : (
          <ul className="space-y-3">
            {flight.crewMembers.map((member) => (
              <li key={member.id}>
                <CrewMemberCard
                  member={member}
                  flight={flight}
                  viewer={viewer}
                  now={now}
                  viewerOnFlight={flight.isJoined}
                  onEdit={
                    member.userId === viewer.id && !viewer.isDemoUser
                      ? () => setEditOpen(true)
                      : undefined
                  }
                  onRemove={viewer.isAdmin ? setToRemove : undefined}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <CrewEntryDialog
        open={joinOpen}
        onOpenChange={setJoinOpen}
        mode="join"
        flightNumber={flight.flightNumber}
        busy={join.isPending}
        onSubmit={joinFlight}
      />
      <CrewEntryDialog
        open={editOpen}
        onOpenChange={setEditOpen}
        mode="edit"
        flightNumber={flight.flightNumber}
        initial={mine ? { tags: mine.tags, note: mine.note } : undefined}
        busy={edit.isPending}
        onSubmit={saveEntry}
      />
      <DeleteFlightDialog
        flight={deleteOpen ? flight : null}
        variant="detail"
        onClose={() => setDeleteOpen(false)}
        onDeleted={() => navigate('/home')}
      />
      <LeaveFlightDialog
        entry={
          leaveOpen && mine ? { id: mine.id, flightId, flightNumber: flight.flightNumber } : null
        }
        onClose={() => setLeaveOpen(false)}
      />
      <RemoveCrewDialog member={toRemove} flightId={flightId} onClose={() => setToRemove(null)} />
    </main>
  );
}

/** The flight and its crew, for the first render (a path that is no flight id fetches nothing). */
FlightDetailPage.preloadData = (async (client, params) => {
  const id = Number(params.id);
  if (isFlightId(id)) await prefetch(client, flightQueries.detail(id));
}) satisfies PageData;
