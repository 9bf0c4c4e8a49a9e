import { Link } from 'react-router';
import { flightTitle } from '../../../../domain';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { SkeletonCards } from '../../components/ui/skeleton';
import { type AdminUser, useUserFlights } from './members-api';

type Props = { user: AdminUser | null; onClose: () => void };

/** A flight row shows at most this many tags; the rest are counted. */
const MAX_TAGS = 2;

const formatDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });

function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div role="alert" className="space-y-3 text-center">
      <p className="text-red-700">{text}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** The member's flights (GET /api/admin/user-flights/{id}); each row opens the flight. */
export function UserFlightsDialog({ user, onClose }: Props) {
  const flights = useUserFlights(user?.id ?? null);
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title="User flights"
      description={user ? `Flights of ${user.email}` : ''}
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      {flights.isPending ? (
        <SkeletonCards count={2} label="Loading flights" />
      ) : flights.isError ? (
        <LoadFailed text="Failed to load user flights" onRetry={() => void flights.refetch()} />
      ) : flights.data.flights.length === 0 ? (
        <EmptyState framed={false} title="No flights yet." />
      ) : (
        <ul className="divide-y divide-slate-100">
          {flights.data.flights.map((flight) => {
            const extra = flight.tags.length - MAX_TAGS;
            return (
              <li key={flight.id}>
                <Link
                  to={`/flight/${flight.id}`}
                  className="block space-y-1 rounded-lg px-1 py-2 hover:bg-slate-50"
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className="font-medium">
                      {flightTitle(flight.flightNumber).text} {flight.origin} → {flight.destination}
                    </span>
                    <span className="shrink-0 text-sm text-slate-600">
                      {formatDay(flight.departureDate)}
                    </span>
                  </span>
                  {flight.tags.length > 0 ? (
                    <span className="flex flex-wrap gap-1">
                      {flight.tags.slice(0, MAX_TAGS).map((tag) => (
                        <Badge key={tag}>{tag}</Badge>
                      ))}
                      {extra > 0 ? <Badge tone="brand">+{extra} more</Badge> : null}
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}

const formatInstant = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** The spec's "Admin user detail": who they are and how much they use the product. */
export function UserDetailsDialog({ user, onClose }: Props) {
  const details = useUserFlights(user?.id ?? null);
  const shown = details.data?.user ?? user;
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title="User details"
      description={user ? user.email : ''}
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      {details.isPending ? (
        <SkeletonCards count={2} label="Loading user details" />
      ) : details.isError ? (
        <LoadFailed text="Failed to fetch user details." onRetry={() => void details.refetch()} />
      ) : (
        <div className="space-y-4">
          <dl className="grid grid-cols-2 gap-3">
            {(
              [
                ['Flights', details.data.analytics.flightCount],
                ['Waves sent', details.data.analytics.wavesSent],
                ['Waves received', details.data.analytics.wavesReceived],
                ['Logins', details.data.analytics.loginCount],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-xl bg-slate-50 p-3">
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className="text-xl font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
          {shown ? (
            <dl className="space-y-1 text-sm">
              {(
                [
                  ['Name', shown.name ?? '—'],
                  ['Nickname', shown.nickname ?? '—'],
                  ['Role', shown.role ?? '—'],
                  ['Membership', shown.membershipType],
                  ['Status', shown.subscriptionStatus],
                  ['Joined', formatInstant(shown.createdAt)],
                  ['Last sign-in', formatInstant(shown.lastLoginAt)],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="flex justify-between gap-3">
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="text-right">{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
