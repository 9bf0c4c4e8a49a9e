import { Handshake, Inbox, Plane, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { liveConnections } from '../../../../domain';
import { Skeleton } from '../../components/ui/skeleton';
import { useAnalytics } from './api';

function StatCard({
  icon,
  label,
  value,
  total,
  note,
}: {
  icon: ReactNode;
  label: string;
  value: number;
  total: number;
  /** What the figure counts, when the label alone would leave it open. */
  note?: string;
}) {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm">
      <div className="flex items-center gap-1.5 text-sm text-slate-600">
        {icon}
        {label}
      </div>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
      <p className="text-xs text-slate-500">
        {note ? `${note} · ` : ''}
        {total} all-time
      </p>
    </li>
  );
}

/** Active flights, live waves sent and received, live connections; each with its all-time total. */
export function StatCards() {
  const analytics = useAnalytics();
  if (analytics.isPending) {
    return (
      <div role="status" aria-label="Loading statistics" className="grid grid-cols-2 gap-3">
        {['flights', 'sent', 'received', 'connections'].map((key) => (
          <Skeleton key={key} className="h-24" />
        ))}
      </div>
    );
  }
  if (analytics.isError) {
    return <p className="text-sm text-red-700">Could not load your statistics.</p>;
  }
  const a = analytics.data;
  const icon = 'h-4 w-4';
  return (
    <ul aria-label="Your activity" className="grid grid-cols-2 gap-3">
      <StatCard
        icon={<Plane aria-hidden="true" className={icon} />}
        label="Active flights"
        value={a.flightCount}
        total={a.totalFlightsEver}
      />
      <StatCard
        icon={<Send aria-hidden="true" className={icon} />}
        label="Waves sent"
        value={a.wavesSent}
        total={a.totalWavesSentEver}
      />
      <StatCard
        icon={<Inbox aria-hidden="true" className={icon} />}
        label="Waves received"
        value={a.wavesReceived}
        total={a.totalWavesReceivedEver}
      />
      <StatCard
        icon={<Handshake aria-hidden="true" className={icon} />}
        label="Live waves"
        note="sent + received"
        value={liveConnections({
          flights: 0,
          wavesSent: a.wavesSent,
          wavesReceived: a.wavesReceived,
        })}
        total={a.totalWavesSentEver + a.totalWavesReceivedEver}
      />
    </ul>
  );
}
