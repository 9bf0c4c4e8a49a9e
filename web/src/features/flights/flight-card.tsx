import { Clock, Trash2, Users, Wifi } from 'lucide-react';
import { Link } from 'react-router';
import {
  departureTimeLabel,
  type FlightListItem,
  flightTitle,
  homeCardStatus,
  isDeparted,
  localAndGmtLabel,
  relativeDayLabel,
} from '../../../../domain';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { formatDay, plural } from './format';

type Props = {
  flight: FlightListItem;
  now: Date;
  /** Admins get the delete icon on home cards. */
  onDelete?: (flight: FlightListItem) => void;
};

/** A home list card: departed flights are dimmed. */
export function FlightCard({ flight, now, onDelete }: Props) {
  const departed = isDeparted(flight, now);
  const relative = relativeDayLabel(flight, now);
  const title = flightTitle(flight.flightNumber);
  // The origin's clock beside the spec's GMT chip: '20:45 JFK · 01:45 GMT +1'.
  const local = flight.localDeparture?.timeZone ? localAndGmtLabel(flight) : null;
  return (
    <Card
      data-testid="flight-card"
      aria-label={`Flight ${title.text}`}
      className={cn('space-y-3', departed && 'opacity-60')}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate text-lg font-semibold">{title.number}</h3>
          <p className="text-slate-700">
            {flight.origin} <span aria-hidden="true">→</span>
            <span className="sr-only">to</span> {flight.destination}
          </p>
          {local ? (
            <p className="text-sm text-slate-600" data-testid="local-departure">
              {local}
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <Badge tone="brand" className="px-2.5 py-1">
            <Clock aria-hidden="true" className="h-3.5 w-3.5" />
            {departureTimeLabel(flight)}
          </Badge>
          {onDelete ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete flight ${title.text}`}
              onClick={() => onDelete(flight)}
            >
              <Trash2 aria-hidden="true" className="h-5 w-5 text-red-600" />
            </Button>
          ) : null}
        </div>
      </div>
      <p className="text-sm text-slate-600">
        {formatDay(flight.departureDate)}
        {relative ? <span> · {relative}</span> : null}
      </p>
      <p className={cn('text-sm font-medium', departed ? 'text-red-600' : 'text-emerald-700')}>
        {homeCardStatus(flight, now)}
      </p>
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
        <span className="inline-flex items-center gap-1">
          <Users aria-hidden="true" className="h-4 w-4" />
          {plural(flight.crewCount, 'crew member')}
        </span>
        <span className="inline-flex items-center gap-1">
          <Wifi aria-hidden="true" className="h-4 w-4" />
          {flight.onlineCrewCount} online
        </span>
        {flight.isJoined ? <Badge tone="success">You're on this flight</Badge> : null}
      </div>
      {flight.tags.length > 0 ? (
        <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
          {flight.tags.map((tag) => (
            <Badge as="li" key={tag} className="font-normal">
              {tag}
            </Badge>
          ))}
        </ul>
      ) : null}
      <Link
        to={`/flight/${flight.id}`}
        className="inline-flex h-11 w-full items-center justify-center rounded-xl border border-slate-300 bg-white font-medium hover:bg-slate-50"
      >
        View Details
      </Link>
    </Card>
  );
}
