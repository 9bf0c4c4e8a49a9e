import {
  STATS_FILTERS,
  STATS_SORTS,
  type StatsFilter,
  type StatsSort,
  type UserStatisticsRow,
} from '../../../../domain';
import { Badge } from '../../components/ui/badge';
import { type Column, DataTable } from '../../components/ui/data-table';
import { Label } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Tabs } from '../../components/ui/tabs';
import { count, dateTime } from './format';

const FILTER_NAMES: Record<StatsFilter, string> = {
  all: 'All',
  active: 'Active',
  online: 'Online',
};

const SORT_NAMES: Record<StatsSort, string> = {
  activity: 'Most active',
  name: 'Name',
  flights: 'Most flights',
  waves: 'Most waves',
};

const columns: Column<UserStatisticsRow>[] = [
  {
    key: 'member',
    header: 'Member',
    cell: (row) => (
      <div className="min-w-40">
        <p className="font-medium">
          {row.name ?? 'No name'}
          {row.nickname ? <span className="text-slate-500"> ({row.nickname})</span> : null}
        </p>
        <p className="break-all text-xs text-slate-500">{row.email}</p>
      </div>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => (
      <div className="flex flex-wrap gap-1">
        {row.isOnline ? <Badge tone="success">Online</Badge> : null}
        <Badge tone={row.subscriptionStatus === 'active' ? 'brand' : 'neutral'}>
          {row.subscriptionStatus}
        </Badge>
      </div>
    ),
  },
  { key: 'flights', header: 'Flights', cell: (row) => count(row.flightCount) },
  { key: 'sent', header: 'Waves sent', cell: (row) => count(row.wavesSent) },
  { key: 'received', header: 'Waves received', cell: (row) => count(row.wavesReceived) },
  { key: 'activity', header: 'Activity', cell: (row) => count(row.activityScore) },
  {
    key: 'login',
    header: 'Last sign-in',
    cell: (row) => dateTime(row.lastLoginAt),
    className: 'whitespace-nowrap',
  },
];

type Props = {
  rows: readonly UserStatisticsRow[];
  filter: StatsFilter;
  sort: StatsSort;
  onFilterChange: (filter: StatsFilter) => void;
  onSortChange: (sort: StatsSort) => void;
  loading: boolean;
};

/**
 * The per-member table. The server filters and sorts (the domain's `matchesStatsFilter` and
 * `compareStatsRows`), so the controls only change the request; the rows arrive in order.
 */
export function UserStatisticsTable({
  rows,
  filter,
  sort,
  onFilterChange,
  onSortChange,
  loading,
}: Props) {
  const table = (
    <DataTable
      caption="Member statistics"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      loading={loading}
      emptyText="No members match this filter."
    />
  );
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-2">
        <Label htmlFor="stats-sort" className="shrink-0">
          Sort by
        </Label>
        <Select
          id="stats-sort"
          className="sm:w-48"
          options={STATS_SORTS}
          optionLabel={(option) => SORT_NAMES[option as StatsSort]}
          value={sort}
          onChange={(e) => onSortChange(e.target.value as StatsSort)}
        />
      </div>
      <Tabs
        label="Show members"
        value={filter}
        onValueChange={(value) => onFilterChange(value as StatsFilter)}
        items={STATS_FILTERS.map((value) => ({
          value,
          label: FILTER_NAMES[value],
          // Radix renders only the selected panel; the one table lives there.
          content: value === filter ? table : null,
        }))}
      />
    </div>
  );
}
