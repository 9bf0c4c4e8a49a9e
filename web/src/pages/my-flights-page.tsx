import { ArrowLeft, LogOut, Plus, Trash2, Upload } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  ACCESS_REASONS,
  compareFlights,
  isDeparted,
  localAndGmtLabel,
  myFlightBadge,
  type UserFlight,
} from '../../../domain';
import { Badge, type BadgeTone } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { EmptyState } from '../components/ui/empty-state';
import { SkeletonCards } from '../components/ui/skeleton';
import {
  DeleteFlightDialog,
  flightName,
  formatDay,
  Hint,
  LeaveFlightDialog,
  plural,
  useUserFlights,
  useViewer,
} from '../features/flights';
import { queryFailed } from '../lib/query-failed';
import { useNow } from '../lib/use-now';

const BADGE_TONE = {
  Completed: 'neutral',
  Today: 'warning',
  Upcoming: 'success',
} as const satisfies Record<string, BadgeTone>;

export function MyFlightsPage() {
  const navigate = useNavigate();
  const viewer = useViewer();
  const now = useNow(60_000);
  const flights = useUserFlights();
  const [toDelete, setToDelete] = useState<UserFlight | null>(null);
  const [toLeave, setToLeave] = useState<UserFlight | null>(null);

  const demo = viewer?.isDemoUser === true;
  const items = [...(flights.data ?? [])].sort((a, b) =>
    compareFlights('dateAndTime')(a.flight, b.flight),
  );
  const upcoming = items.filter((i) => myFlightBadge(i.flight, now) !== 'Completed').length;

  return (
    <main className="space-y-4">
      <Button variant="ghost" size="sm" onClick={() => navigate('/profile')}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to Profile
      </Button>
      <header className="space-y-3">
        <div>
          <h1 className="text-2xl font-bold">My Flights</h1>
          <p className="text-slate-600">{plural(items.length, 'flight')}</p>
        </div>
        {demo ? null : (
          <div className="grid grid-cols-2 gap-2">
            <Link
              to="/add-flight"
              className="inline-flex h-11 items-center justify-center gap-1.5 rounded-xl bg-brand-600 px-3 font-medium text-white hover:bg-brand-700"
            >
              <Plus aria-hidden="true" className="h-4 w-4" />
              Add Flight
            </Link>
            <Link
              to="/upload-roster"
              className="inline-flex h-11 items-center justify-center gap-1.5 rounded-xl border border-slate-300 bg-white px-3 font-medium hover:bg-slate-50"
            >
              <Upload aria-hidden="true" className="h-4 w-4" />
              Upload Roster
            </Link>
          </div>
        )}
      </header>
      {demo ? (
        <Card role="status" className="text-slate-700">
          {ACCESS_REASONS.demoAddFlights}
        </Card>
      ) : null}

      <dl className="grid grid-cols-3 gap-2">
        {[
          ['Total Flights', String(items.length)],
          ['Upcoming', String(upcoming)],
          ['Your Role', viewer?.role ?? '–'],
        ].map(([label, value]) => (
          <Card key={label} className="p-3 text-center">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="truncate text-lg font-semibold">{value}</dd>
          </Card>
        ))}
      </dl>

      {flights.isPending ? (
        <SkeletonCards label="Loading your flights" />
      ) : queryFailed(flights) && flights.error ? (
        <Card role="alert" className="text-red-700">
          {flights.error.message}
        </Card>
      ) : items.length === 0 ? (
        <EmptyState
          titleAs="h2"
          title="No Flights Added"
          description="Flights you add or join will appear here."
        />
      ) : (
        <ul className="space-y-3" aria-label="Your flights">
          {items.map((item) => {
            const { flight } = item;
            const badge = myFlightBadge(flight, now);
            const { name, time } = flightName(flight.flightNumber);
            const label = time ? `${name} ${time}` : name;
            const departed = isDeparted(flight, now);
            // The origin's clock beside the GMT badge: '20:45 JFK · 01:45 GMT +1'.
            const local = flight.localDeparture?.timeZone ? localAndGmtLabel(flight) : null;
            return (
              <li key={item.id}>
                <Card aria-label={`Flight ${label}`} className="space-y-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="text-lg font-semibold">{name}</h2>
                    {time ? <Badge tone="brand">{time}</Badge> : null}
                    <Badge tone={BADGE_TONE[badge]}>{badge}</Badge>
                    <Badge tone="brand">{item.role}</Badge>
                  </div>
                  <p className="text-slate-700">
                    {flight.origin} → {flight.destination}
                  </p>
                  {local ? (
                    <p className="text-sm text-slate-600" data-testid="local-departure">
                      {local}
                    </p>
                  ) : null}
                  <p className="text-sm text-slate-600">
                    {formatDay(flight.departureDate)}
                    {flight.duration ? ` · ${flight.duration}` : ''}
                  </p>
                  <div className="flex items-center gap-2 pt-1">
                    <Link
                      to={`/flight/${flight.id}`}
                      className="inline-flex h-10 flex-1 items-center justify-center rounded-xl border border-slate-300 font-medium hover:bg-slate-50"
                    >
                      View Details
                    </Link>
                    {demo ? null : item.canDelete ? (
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Delete flight ${label}`}
                        onClick={() => setToDelete(item)}
                      >
                        <Trash2 aria-hidden="true" className="h-5 w-5 text-red-600" />
                      </Button>
                    ) : (
                      <Hint text={departed ? ACCESS_REASONS.removeCrewDeparted : null}>
                        <Button
                          variant="ghost"
                          size="icon"
                          disabled={departed}
                          aria-label={`Leave flight ${label}`}
                          onClick={() => setToLeave(item)}
                        >
                          <LogOut aria-hidden="true" className="h-5 w-5 text-red-600" />
                        </Button>
                      </Hint>
                    )}
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}

      <DeleteFlightDialog
        flight={toDelete?.flight ?? null}
        variant="my-flights"
        onClose={() => setToDelete(null)}
      />
      <LeaveFlightDialog
        entry={
          toLeave && {
            id: toLeave.id,
            flightId: toLeave.flight.id,
            flightNumber: toLeave.flight.flightNumber,
          }
        }
        onClose={() => setToLeave(null)}
      />
    </main>
  );
}
