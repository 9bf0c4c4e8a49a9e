import { Eye, EyeOff, Search, X } from 'lucide-react';
import { useState } from 'react';
import type { DateFilterMode, FlightListItem, FlightSortMode } from '../../../domain';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { EmptyState } from '../components/ui/empty-state';
import { Input, Label } from '../components/ui/input';
import { SkeletonCards } from '../components/ui/skeleton';
import {
  DeleteFlightDialog,
  FlightList,
  flightQueries,
  formatDay,
  GmtClock,
  HomeHeader,
  type SearchParams,
  useFlightSearch,
  useFlights,
  useViewer,
} from '../features/flights';
import { waveListQuery } from '../features/waves';
import { ApiError } from '../lib/api-client';
import { cn } from '../lib/cn';
import { type PageData, prefetch } from '../lib/page-data';
import { queryFailed } from '../lib/query-failed';
import { useDebouncedValue } from '../lib/use-debounced-value';

function modeOf(today: boolean, tomorrow: boolean): DateFilterMode | undefined {
  if (today && tomorrow) return 'both';
  if (today) return 'today';
  return tomorrow ? 'tomorrow' : undefined;
}

const MODE_TITLES: Record<DateFilterMode, string> = {
  today: "Today's Flights",
  tomorrow: "Tomorrow's Flights",
  both: "Today & Tomorrow's Flights",
};

function heading(term: string, date: string, mode: DateFilterMode | undefined) {
  const day = date ? formatDay(date) : '';
  if (term && day) return `Search results for "${term}" on ${day}`;
  if (term) return `Search results for "${term}"`;
  if (day) return `Flights on ${day}`;
  return mode ? MODE_TITLES[mode] : 'Upcoming Flights';
}

/** What the Today / Tomorrow filter narrowed to, as the end of an empty list's sentence. */
const MODE_DAYS: Record<DateFilterMode, string> = {
  today: 'today',
  tomorrow: 'tomorrow',
  both: 'today or tomorrow',
};

function emptyText(term: string, date: string, mode: DateFilterMode | undefined) {
  const day = date ? formatDay(date) : '';
  // The filter is part of why the list is empty, so the sentence names it (issue 18).
  if (mode && !day) {
    return term ? `No flights match "${term}" ${MODE_DAYS[mode]}` : `No flights ${MODE_DAYS[mode]}`;
  }
  if (term) return `No flights match "${term}"${day ? ` on ${day}` : ''}.`;
  if (day) return `No flights found on ${day}.`;
  return 'No upcoming flights available.';
}

function errorText(error: Error, searching: boolean) {
  if (error instanceof ApiError && error.status === 401) return 'Authentication required';
  if (searching)
    return `Search failed: ${error instanceof ApiError ? error.status : error.message}`;
  return error.message;
}

/** `asPane`: the list beside a flight's detail (desk width), which is then the page's main. */
export function HomePage({ asPane = false }: { asPane?: boolean }) {
  const Root = asPane ? 'section' : 'main';
  const viewer = useViewer();
  const isAdmin = viewer?.isAdmin === true;
  const [term, setTerm] = useState('');
  const [today, setToday] = useState(false);
  const [tomorrow, setTomorrow] = useState(false);
  const [date, setDate] = useState('');
  const [sort, setSort] = useState<FlightSortMode>('dateAndTime');
  const [hideJoined, setHideJoined] = useState(false);
  const [toDelete, setToDelete] = useState<FlightListItem | null>(null);

  const query = useDebouncedValue(term.trim(), 300);
  const mode = isAdmin ? undefined : modeOf(today, tomorrow);
  const params: SearchParams = {
    ...(query && { query }),
    ...(isAdmin && date && { date }),
    ...(mode && { dateFilterMode: mode }),
  };
  const searching = Object.keys(params).length > 0;
  const list = useFlights(!searching);
  const search = useFlightSearch(params, searching);
  const active = searching ? search : list;
  const flights = (active.data ?? []).filter((f) => !(isAdmin && hideJoined && f.isJoined));
  const filtered = searching || (isAdmin && hideJoined);

  const clearFilters = () => {
    setTerm('');
    setToday(false);
    setTomorrow(false);
    setDate('');
  };
  const searchAllDates = () => {
    setToday(false);
    setTomorrow(false);
  };
  const toggle = (pressed: boolean) =>
    cn(
      'h-10 rounded-full border px-4 text-sm font-medium',
      pressed
        ? 'border-brand-600 bg-brand-600 text-white'
        : 'border-slate-300 bg-white text-slate-700',
    );

  return (
    <Root className="space-y-4" aria-label={asPane ? 'Flight list' : undefined}>
      <HomeHeader isAdmin={isAdmin} clock={<GmtClock className="text-sm text-brand-50" />} />

      <section aria-label="Find flights" className="space-y-3">
        <div className="flex gap-2">
          <div className="relative flex-1">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-3 left-3 h-5 w-5 text-slate-400"
            />
            <Input
              type="search"
              aria-label="Search flights"
              placeholder="Search flights, e.g. BA123 or LHR"
              className="pl-10"
              value={term}
              onChange={(e) => setTerm(e.target.value)}
            />
          </div>
          {searching || term ? (
            <Button variant="outline" size="icon" aria-label="Clear filters" onClick={clearFilters}>
              <X aria-hidden="true" className="h-5 w-5" />
            </Button>
          ) : null}
        </div>

        {isAdmin ? (
          <div className="flex flex-wrap items-end gap-2">
            <div className="space-y-1">
              <Label htmlFor="home-date">Date</Label>
              <Input
                id="home-date"
                type="date"
                className="w-44"
                value={date}
                onChange={(e) => setDate(e.target.value)}
              />
            </div>
            {date ? (
              <Button variant="ghost" size="sm" onClick={() => setDate('')}>
                Clear date
              </Button>
            ) : null}
            <Button
              variant="outline"
              size="sm"
              onClick={() => setSort(sort === 'dateAndTime' ? 'dateAndFlight' : 'dateAndTime')}
            >
              {sort === 'dateAndTime' ? 'By Time' : 'By Flight #'}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setHideJoined(!hideJoined)}>
              {hideJoined ? (
                <Eye aria-hidden="true" className="h-4 w-4" />
              ) : (
                <EyeOff aria-hidden="true" className="h-4 w-4" />
              )}
              {hideJoined ? 'Show My Flights' : 'Hide My Flights'}
            </Button>
          </div>
        ) : (
          <div className="space-y-2">
            <div className="flex gap-2">
              <button
                type="button"
                aria-pressed={today}
                className={toggle(today)}
                onClick={() => setToday(!today)}
              >
                Today
              </button>
              <button
                type="button"
                aria-pressed={tomorrow}
                className={toggle(tomorrow)}
                onClick={() => setTomorrow(!tomorrow)}
              >
                Tomorrow
              </button>
            </div>
            <p className="text-sm text-slate-600">
              Showing: {mode ? MODE_TITLES[mode] : 'All Available Flights'}
            </p>
          </div>
        )}
      </section>

      <section aria-labelledby="flights-heading" className="space-y-3">
        <h2 id="flights-heading" className="text-lg font-semibold">
          {heading(query, isAdmin ? date : '', mode)}
        </h2>
        {active.isPending ? (
          <SkeletonCards label="Loading flights" />
        ) : queryFailed(active) && active.error ? (
          <Card role="alert" className="text-red-700">
            {errorText(active.error, searching)}
          </Card>
        ) : flights.length === 0 ? (
          <EmptyState
            title={
              filtered
                ? emptyText(query, isAdmin ? date : '', mode)
                : 'No upcoming flights available.'
            }
            action={
              mode ? (
                // One tap out of the day filter, keeping what was typed.
                <Button variant="outline" onClick={searchAllDates}>
                  Search all dates
                </Button>
              ) : undefined
            }
          />
        ) : (
          <FlightList
            flights={flights}
            sort={isAdmin ? sort : 'dateAndTime'}
            onDelete={isAdmin ? setToDelete : undefined}
          />
        )}
      </section>

      <DeleteFlightDialog flight={toDelete} variant="home" onClose={() => setToDelete(null)} />
    </Root>
  );
}

/** Home's first render: the flight list, the header's counters and the wave counts. */
HomePage.preloadData = ((client) =>
  Promise.all([
    prefetch(client, flightQueries.list()),
    prefetch(client, flightQueries.stats()),
    prefetch(client, flightQueries.userStats()),
    prefetch(client, waveListQuery()),
  ])) satisfies PageData;
