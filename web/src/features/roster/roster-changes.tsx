import { useState } from 'react';
import { flightTitle, type RosterChangesView } from '../../../../domain';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast';
import { formatDay, plural, useLeaveFlights } from '../flights';

type Listed = RosterChangesView['removed'][number];

// The day as the roster names it, local to the origin (the flight's departureDate is the UTC day).
const flightLine = ({ flight, localDate }: Listed) =>
  `${flightTitle(flight.flightNumber).number} ${flight.origin} to ${flight.destination}, ${formatDay(`${localDate}T00:00:00.000Z`, 'long')}`;

/**
 * A re-imported roster against the member's own flights on the days it covers (issue 41 item 5):
 * flights it lists at another time (shown; the flight is shared, so its time is not changed
 * here) and flights it no longer lists, which the member may leave after confirming. Leaving
 * withdraws their unanswered waves there; accepted chats stay until departure.
 */
export function RosterChanges({ changes }: { changes: RosterChangesView }) {
  const [gone, setGone] = useState<Set<number>>(new Set());
  const removed = changes.removed.filter(({ flight }) => !gone.has(flight.id));
  const [leaving, setLeaving] = useState<Set<number>>(
    () => new Set(removed.map(({ flight }) => flight.id)),
  );
  const [confirming, setConfirming] = useState(false);
  const leave = useLeaveFlights();
  const chosen = removed.filter(({ flight }) => leaving.has(flight.id));

  if (removed.length === 0 && changes.changed.length === 0) return null;

  const confirm = () =>
    leave.mutate(
      chosen.map(({ flight }) => flight.id),
      {
        onSuccess: (result) => {
          setConfirming(false);
          setGone((current) => new Set([...current, ...result.left]));
          const failed = result.refused.map((r) => {
            const listed = removed.find(({ flight }) => flight.id === r.flightId);
            return `${listed ? flightTitle(listed.flight.flightNumber).number : r.flightId}: ${r.message}`;
          });
          const left = `You left ${plural(result.left.length, 'flight')}`;
          if (failed.length > 0)
            toast.error('Some flights were not left', `${left}. ${failed.join('; ')}`);
          else toast.success('Flights left', left);
        },
        onError: (error) => {
          setConfirming(false);
          toast.error('Error leaving flights', error.message);
        },
      },
    );

  return (
    <Card className="space-y-3">
      <h2 className="font-semibold">Changes to your flights</h2>
      {changes.range ? (
        <p className="text-sm text-slate-600">
          Compared with your flights from {formatDay(`${changes.range.from}T00:00:00.000Z`, 'long')}{' '}
          to {formatDay(`${changes.range.to}T00:00:00.000Z`, 'long')}.
        </p>
      ) : null}
      {changes.changed.length > 0 ? (
        <section className="space-y-1.5" aria-labelledby="roster-changed">
          <h3 id="roster-changed" className="text-sm font-medium">
            At another time
          </h3>
          <ul className="space-y-1 text-sm">
            {changes.changed.map(({ flight, localDate, listedTime, rosterTime }) => (
              <li key={flight.id} className="rounded-lg bg-amber-50 p-2">
                {flightLine({ flight, localDate })}: listed departing {listedTime} GMT; your roster
                says {rosterTime} GMT. You stay on the flight as listed.
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {removed.length > 0 ? (
        <section className="space-y-2" aria-labelledby="roster-removed">
          <h3 id="roster-removed" className="text-sm font-medium">
            No longer on your roster
          </h3>
          <ul className="space-y-2">
            {removed.map((listed) => (
              <li key={listed.flight.id}>
                <Checkbox
                  className="cursor-pointer gap-3 rounded-xl border border-slate-200 p-3"
                  checked={leaving.has(listed.flight.id)}
                  onCheckedChange={() =>
                    setLeaving((current) => {
                      const next = new Set(current);
                      if (next.has(listed.flight.id)) next.delete(listed.flight.id);
                      else next.add(listed.flight.id);
                      return next;
                    })
                  }
                  label={flightLine(listed)}
                />
              </li>
            ))}
          </ul>
          <Button
            variant="outline"
            className="w-full"
            disabled={chosen.length === 0 || leave.isPending}
            onClick={() => setConfirming(true)}
          >
            Leave {plural(chosen.length, 'Flight')}
          </Button>
        </section>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={confirm}
        title={`Leave ${plural(chosen.length, 'flight')}?`}
        description={`You will be removed from the crew list of ${chosen.map(flightLine).join('; ')}. Waves there that nobody has answered yet are withdrawn; chats you already have stay open until departure.`}
        confirmLabel="Leave"
        busyLabel="Leaving..."
        busy={leave.isPending}
        destructive
      />
    </Card>
  );
}
