import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  CREW_ROLES,
  type CreateFlightResponse,
  DEFAULT_ORIGIN,
  DEPARTURE_TIME_DIFFERS,
  DESTINATION_DIFFERS,
  isCrewRole,
  normaliseAirportInput,
  normaliseManualFlight,
} from '../../../../domain';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Input, Label } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { useAddFlight } from './api';
import type { Viewer } from './viewer';

const REDIRECT_MS = 600;
export const FLIGHT_ADDED = 'Flight added successfully';
export const FLIGHT_ADD_FAILED = 'Failed to add flight';

/** 'Title: description' texts of the domain become a toast's title and description. */
function splitReason(reason: string): [string, string] {
  const at = reason.indexOf(': ');
  return at === -1 ? [reason, ''] : [reason.slice(0, at), reason.slice(at + 2)];
}

export function ManualFlightForm({ viewer }: { viewer: Viewer }) {
  const navigate = useNavigate();
  const [flightNumber, setFlightNumber] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  // A time is read on the origin's clock unless the member says it is GMT (issue 41).
  const [gmt, setGmt] = useState(false);
  const [origin, setOrigin] = useState(DEFAULT_ORIGIN);
  const [destination, setDestination] = useState('');
  const [role, setRole] = useState(viewer.role && isCrewRole(viewer.role) ? viewer.role : '');

  const add = useAddFlight();
  const callbacks = {
    onSuccess: (flight: CreateFlightResponse) => {
      // Joined as listed at another time or to another destination: the member is told both.
      if (
        flight.notice?.code === DEPARTURE_TIME_DIFFERS ||
        flight.notice?.code === DESTINATION_DIFFERS
      ) {
        toast.info("You've been added to the flight", flight.notice.message, 10_000);
      } else {
        // The spec's two toasts (the flight created, then the member added) are one call here
        // (POST /api/flights finds or creates and joins), so one toast says both.
        toast.success(FLIGHT_ADDED, "You've been added to the flight");
      }
      setTimeout(() => navigate('/home'), REDIRECT_MS);
    },
    onError: (error: Error) => {
      if (error.message.includes('already on this flight')) {
        toast.info('Already on Flight', "You're already registered on this flight");
        navigate('/home');
        return;
      }
      // A refusal (4xx) may read 'Title: description' (e.g. 'Different Departure Time: …');
      // anything else (no connection, a server fault, an untitled reason) is the spec's 'Failed
      // to add flight' with the reason.
      const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
      const [title, description] = refused ? splitReason(error.message) : ['', ''];
      if (description) toast.error(title, description);
      else toast.error(FLIGHT_ADD_FAILED, error.message || 'Failed to add you to the flight');
    },
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const result = normaliseManualFlight(
      {
        flightNumber,
        date,
        time: time || null,
        clock: gmt ? 'gmt' : 'local',
        origin,
        destination,
        role,
      },
      { role: viewer.role },
    );
    if (!result.ok) {
      const [title, description] = splitReason(result.reason);
      toast.error(title, description);
      return;
    }
    add.mutate(result.value, callbacks);
  };

  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <div className="space-y-1.5">
        <Label htmlFor="flight-number">Flight number</Label>
        <Input
          id="flight-number"
          placeholder="e.g. BA117"
          autoCapitalize="characters"
          value={flightNumber}
          onChange={(e) => setFlightNumber(e.target.value.toUpperCase())}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-1.5">
          <Label htmlFor="flight-date">Flight date</Label>
          <Input
            id="flight-date"
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="flight-time">
            {gmt
              ? 'Departure time (GMT, optional)'
              : `Departure time (local at ${origin || 'origin'}, optional)`}
          </Label>
          <Input
            id="flight-time"
            type="time"
            value={time}
            onChange={(e) => setTime(e.target.value)}
          />
        </div>
      </div>
      <Checkbox
        label="Time is GMT"
        description={
          gmt
            ? 'Date and time are GMT.'
            : 'Date and time as your roster shows them, local to the origin airport.'
        }
        checked={gmt}
        onCheckedChange={setGmt}
      />
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-1.5">
          <Label htmlFor="flight-origin">Origin</Label>
          <Input
            id="flight-origin"
            maxLength={3}
            autoCapitalize="characters"
            value={origin}
            onChange={(e) => setOrigin(normaliseAirportInput(e.target.value))}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="flight-destination">Destination</Label>
          <Input
            id="flight-destination"
            maxLength={3}
            placeholder="e.g. JFK"
            autoCapitalize="characters"
            value={destination}
            onChange={(e) => setDestination(normaliseAirportInput(e.target.value))}
          />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="flight-role">Your role</Label>
        <Select
          id="flight-role"
          value={role}
          onChange={(e) => setRole(e.target.value)}
          placeholder="Select your role"
          options={CREW_ROLES}
        />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={() => navigate('/home')}>
          Cancel
        </Button>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding Flight...' : 'Add Flight'}
        </Button>
      </div>
    </form>
  );
}
