import { memo, useEffect, useMemo, useRef } from 'react';
import {
  compareFlights,
  type FlightListItem,
  type FlightSortMode,
  gmtClock,
  isDeparted,
} from '../../../../domain';
import { useMinute, useNow } from '../../lib/use-now';
import { FlightCard as Card } from './flight-card';

/** A card re-renders when its flight or the minute changes, not with the marker's seconds. */
const FlightCard = memo(Card);

type Props = {
  flights: FlightListItem[];
  sort: FlightSortMode;
  onDelete?: (flight: FlightListItem) => void;
};

/**
 * Departed flights, the live GMT time marker, then the flights still to come; on first show
 * the list scrolls to the marker, so the next departure is at the top.
 */
export function FlightList({ flights, sort, onDelete }: Props) {
  const marker = useRef<HTMLLIElement>(null);
  const scrolled = useRef(false);
  // The list and its cards change by the minute; only the marker ticks each second. Groups and
  // cards read one instant, the minute's last, so a card never disagrees with its group (a
  // flight departing this minute is 'Departed' in the departed group).
  const minute = useMinute();
  const now = useMemo(() => new Date(minute.getTime() + 59_999), [minute]);
  const [departed, upcoming] = useMemo(() => {
    const sorted = [...flights].sort(compareFlights(sort));
    return [
      sorted.filter((f) => isDeparted(f, now)),
      sorted.filter((f) => !isDeparted(f, now)),
    ] as const;
  }, [flights, sort, now]);

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
          <NowTime />
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

/** The marker's GMT time, ticking each second on its own. */
function NowTime() {
  const now = useNow();
  return (
    <span role="timer" aria-live="off" className="tabular-nums">
      Now {gmtClock(now).slice(9)} GMT
    </span>
  );
}
