import type { ReactNode } from 'react';
import type { PlatformOverview } from '../../../../domain';
import { Card } from '../../components/ui/card';
import { count, dateTime } from './format';

function StatCard({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card role="group" aria-label={label} className="space-y-1">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="text-2xl font-bold tabular-nums">{value}</p>
      {detail ? <p className="text-xs text-slate-500">{detail}</p> : null}
    </Card>
  );
}

function Figures({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card role="group" aria-label={title} className="space-y-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">{children}</dl>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="contents">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-semibold tabular-nums">{count(value)}</dd>
    </div>
  );
}

/** GET /api/admin/platform-overview as stat cards: right now, then the all-time counters. */
export function PlatformOverviewCards({ overview }: { overview: PlatformOverview }) {
  const { subscriptionBreakdown: subs, counters } = overview;
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label="Active flights"
          value={count(overview.activeFlights)}
          detail={`of ${count(overview.totalFlights)} flights`}
        />
        <StatCard
          label="Live waves"
          value={count(overview.liveWaves)}
          detail={`of ${count(overview.totalWaves)} waves`}
        />
        <StatCard label="Online users" value={count(overview.onlineUsers)} />
        <StatCard label="Total users" value={count(overview.totalUsers)} />
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <Figures title="Subscriptions">
          <Figure label="Active" value={subs.active} />
          <Figure label="Expired" value={subs.expired} />
          <Figure label="Cancelled" value={subs.cancelled} />
          <Figure label="Pending" value={subs.pending} />
        </Figures>
        <Figures title="All time">
          <Figure label="Members registered" value={counters.totalUsersEverRegistered} />
          <Figure label="Flights created" value={counters.totalFlightsEverCreated} />
          <Figure label="Waves created" value={counters.totalWavesEverCreated} />
          <Figure label="Messages sent" value={counters.totalMessagesEverSent} />
          <p className="col-span-2 text-xs text-slate-500">
            Counted since launch, deletions included; updated {dateTime(counters.updatedAt)}.
          </p>
        </Figures>
      </div>
    </div>
  );
}
