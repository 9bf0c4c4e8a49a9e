import { Handshake, Plane, Share2, Wifi } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { usePendingCount } from '../admin';
import { MarkAllReadButton, useWaveCounts } from '../waves';
import { useFlightStats, useUserStats } from './api';

function Counter({ icon, label, value }: { icon: ReactNode; label: string; value?: number }) {
  return (
    // dt and dd directly in the item (a valid <dl>); the figure shows above its word, and a
    // screen reader reads the word first.
    <div className="flex flex-col-reverse rounded-xl bg-white/10 px-2 py-2 text-center">
      <dt className="text-[11px] leading-tight text-brand-50">{label}</dt>
      <dd className="flex items-center justify-center gap-1 text-lg font-semibold tabular-nums">
        {icon}
        <span>{value ?? '–'}</span>
      </dd>
    </div>
  );
}

/** A count with its word on the badge itself: the colour alone told nobody what it counted. */
function Badge({
  to,
  count,
  label,
  shortLabel,
  tone,
}: {
  to: string;
  count: number;
  label: string;
  shortLabel: string;
  tone: string;
}) {
  if (count <= 0) return null;
  return (
    <Link
      to={to}
      aria-label={`${count} ${label}`}
      className={cn(
        'inline-flex h-7 min-w-7 items-center justify-center gap-1 rounded-full px-2 text-xs font-bold whitespace-nowrap text-white',
        tone,
      )}
    >
      {count} <span className="font-medium">{shortLabel}</span>
    </Link>
  );
}

/** Red: unread messages; blue: pending waves; purple: registrations awaiting an admin. */
function NotificationBadges({ isAdmin }: { isAdmin: boolean }) {
  const counts = useWaveCounts();
  const pending = usePendingCount(isAdmin);
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <Badge
        to="/messages"
        count={counts.unreadMessages}
        label="unread messages"
        shortLabel="unread"
        tone="bg-red-600"
      />
      {isAdmin ? (
        <Badge
          to="/admin/approvals"
          count={pending.data?.count ?? 0}
          label="pending approvals"
          shortLabel="to approve"
          tone="bg-purple-600"
        />
      ) : null}
      <Badge
        to="/messages"
        count={counts.newWaves}
        label="pending waves"
        shortLabel={counts.newWaves === 1 ? 'wave' : 'waves'}
        tone="bg-blue-600"
      />
    </div>
  );
}

/** The home header counters: flights from /api/flights/stats, people from /api/users/stats. */
export function HomeHeader({ clock, isAdmin }: { clock: ReactNode; isAdmin: boolean }) {
  const flights = useFlightStats();
  const users = useUserStats();
  const icon = 'h-4 w-4';
  return (
    <header className="space-y-3 rounded-2xl bg-brand-700 p-4 text-white">
      <div className="flex items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <h1 className="text-xl font-bold">Flights</h1>
          <NotificationBadges isAdmin={isAdmin} />
        </div>
        {clock}
      </div>
      {/* These are everyone's figures, not the member's own (those are on the profile). */}
      <p className="text-xs font-medium tracking-wide text-brand-50 uppercase">
        Platform-wide activity
      </p>
      <dl className="grid grid-cols-4 gap-2" aria-label="Platform-wide activity">
        <Counter
          icon={<Plane aria-hidden="true" className={icon} />}
          label="Active flights"
          value={flights.data?.activeFlights}
        />
        <Counter
          icon={<Share2 aria-hidden="true" className={icon} />}
          label="Shared flights"
          value={flights.data?.totalSharedFlights}
        />
        <Counter
          icon={<Wifi aria-hidden="true" className={icon} />}
          label="Online now"
          value={users.data?.onlineUsers}
        />
        <Counter
          icon={<Handshake aria-hidden="true" className={icon} />}
          label="Connections made"
          value={users.data?.acceptedConnections}
        />
      </dl>
      <MarkAllReadButton successToast="All notifications cleared" className="w-full" />
    </header>
  );
}
