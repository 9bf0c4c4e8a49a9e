import { Handshake, Plane, Share2, Wifi } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { usePendingCount } from '../admin';
import { MarkAllReadButton, useWaveCounts } from '../waves';
import { useFlightStats, useUserStats } from './api';

function Counter({ icon, label, value }: { icon: ReactNode; label: string; value?: number }) {
  return (
    <div className="rounded-xl bg-white/10 px-2 py-2 text-center">
      <div className="flex items-center justify-center gap-1 text-lg font-semibold tabular-nums">
        {icon}
        <span>{value ?? '–'}</span>
      </div>
      <div className="text-[11px] leading-tight text-brand-50">{label}</div>
    </div>
  );
}

function Badge({
  to,
  count,
  label,
  tone,
}: {
  to: string;
  count: number;
  label: string;
  tone: string;
}) {
  if (count <= 0) return null;
  return (
    <Link
      to={to}
      aria-label={`${count} ${label}`}
      className={cn(
        'inline-flex h-7 min-w-7 items-center justify-center rounded-full px-2 text-xs font-bold text-white',
        tone,
      )}
    >
      {count}
    </Link>
  );
}

/** Red: unread messages; blue: pending waves; purple: registrations awaiting an admin. */
function NotificationBadges({ isAdmin }: { isAdmin: boolean }) {
  const counts = useWaveCounts();
  const pending = usePendingCount(isAdmin);
  return (
    <div className="flex items-center gap-1.5">
      <Badge
        to="/messages"
        count={counts.unreadMessages}
        label="unread messages"
        tone="bg-red-600"
      />
      {isAdmin ? (
        <Badge
          to="/admin/approvals"
          count={pending.data?.count ?? 0}
          label="pending approvals"
          tone="bg-purple-600"
        />
      ) : null}
      <Badge to="/messages" count={counts.newWaves} label="pending waves" tone="bg-blue-600" />
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
      <dl className="grid grid-cols-4 gap-2" aria-label="Activity">
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
