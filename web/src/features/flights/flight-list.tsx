import { useEffect, useMemo, useRef } from 'react';
import {
  compareFlights,
  type FlightListItem,
  type FlightSortMode,
  gmtClock,
  isDeparted,
} from '../../../../domain';
import { FlightCard } from './flight-card';

type Props = {
  flights: FlightListItem[];
  now: Date;
  sort: FlightSortMode;
  onDelete?: (flight: FlightListItem) => void;
};

/**
 * Departed flights, the live GMT time marker, then the flights still to come; on first show
 * the list scrolls to the marker, so the next departure is at the top.
 */
export function FlightList({ flights, now, sort, onDelete }: Props) {
  const marker = useRef<HTMLLIElement>(null);
  const scrolled = useRef(false);
  const minute = Math.floor(now.getTime() / 60_000);
  // Regrouped once a minute, not on every tick of the clock.
  const [departed, upcoming] = useMemo(() => {
    const at = new Date(minute * 60_000 + 59_999);
    const sorted = [...flights].sort(compareFlights(sort));
    return [
      sorted.filter((f) => isDeparted(f, at)),
      sorted.filter((f) => !isDeparted(f, at)),
    ] as const;
  }, [flights, sort, minute]);

  useEffect(() => {
    if (scrolled.current || flights.length === 0 || departed.length === 0) return;
    scrolled.current = true;
    marker.current?.scrollIntoView?.({ block: 'start' });
  }, [flights.length, departed.length]);

  return (
    <ol className="space-y-3" aria-label="Flights">
      {departed.map((flight) => (
        <li key={flight.id}>
          <FlightCard flight={flight} now={now} onDelete={onDelete} />
        </li>
      ))}
      <li ref={marker} className="scroll-mt-4" data-testid="time-marker">
        <div className="flex items-center gap-2 text-xs font-medium text-red-600">
          <span className="h-px flex-1 bg-red-500" />
          <span role="timer" aria-live="off" className="tabular-nums">
            Now {gmtClock(now).slice(9)} GMT
          </span>
          <span className="h-px flex-1 bg-red-500" />
        </div>
      </li>
      {upcoming.map((flight) => (
        <li key={flight.id}>
          <FlightCard flight={flight} now={now} onDelete={onDelete} />
        </li>
      ))}
    </ol>
  );
}
