import { type ReactNode, useState } from 'react';
import type { StatsFilter, StatsSort } from '../../../domain';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Skeleton } from '../components/ui/skeleton';
import { WidePage } from '../components/ui/wide-page';
import { BackToAdmin } from '../features/admin';
import {
  ActivityCharts,
  PlatformOverviewCards,
  UserStatisticsTable,
  useActivitySeries,
  usePlatformOverview,
  useUserStatistics,
} from '../features/stats';

/** The spec's text for an admin screen whose data did not load. */
const LOAD_FAILED = 'Failed to load user data.';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `stats-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Failed({ message, onRetry }: { message?: string; onRetry: () => void }) {
  return (
    <Card role="alert" className="space-y-3 text-center">
      <p className="text-red-700">{LOAD_FAILED}</p>
      {message && message !== LOAD_FAILED ? (
        <p className="text-sm text-slate-600">{message}</p>
      ) : null}
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Card>
  );
}

function Placeholder({
  label,
  count,
  className,
}: {
  label: string;
  count: number;
  className: string;
}) {
  return (
    <div role="status" aria-label={label} className="grid gap-3 grid-cols-2 lg:grid-cols-4">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className={className} />
      ))}
    </div>
  );
}

/**
 * /platform-stats (admins; the route's guard sends anyone else away): the overview, the charts
 * and the per-member table. Each part loads and fails on its own, so a slow series does not
 * hold the figures back.
 */
export function PlatformStatsPage() {
  const [filter, setFilter] = useState<StatsFilter>('all');
  const [sort, setSort] = useState<StatsSort>('activity');
  const overview = usePlatformOverview();
  const series = useActivitySeries();
  const users = useUserStatistics(filter, sort);

  return (
    <WidePage className="space-y-6">
      <BackToAdmin />
      <h1 className="text-2xl font-bold">Platform Statistics</h1>

      <Section title="Overview">
        {overview.isPending ? (
          <Placeholder label="Loading the overview" count={4} className="h-24" />
        ) : overview.isError ? (
          <Failed message={overview.error.message} onRetry={() => void overview.refetch()} />
        ) : (
          <PlatformOverviewCards overview={overview.data} />
        )}
      </Section>

      <Section title="Activity">
        {series.isPending ? (
          <Placeholder label="Loading the charts" count={2} className="col-span-2 h-48" />
        ) : series.isError ? (
          <Failed message={series.error.message} onRetry={() => void series.refetch()} />
        ) : (
          <ActivityCharts series={series.data} />
        )}
      </Section>

      <Section title="Members">
        {users.isError ? (
          <Failed message={users.error.message} onRetry={() => void users.refetch()} />
        ) : (
          <UserStatisticsTable
            rows={users.data ?? []}
            filter={filter}
            sort={sort}
            onFilterChange={setFilter}
            onSortChange={setSort}
            loading={users.isFetching}
          />
        )}
      </Section>
    </WidePage>
  );
}
