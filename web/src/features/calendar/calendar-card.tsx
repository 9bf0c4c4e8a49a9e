import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import type { CalendarFeedCreated } from '../../../../domain';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { useCalendarFeed, useCreateCalendarFeed, useTurnOffCalendarFeed } from './api';

const failure = (error: unknown) =>
  error instanceof ApiError && error.status === 0
    ? 'Network error occurred'
    : error instanceof ApiError && error.status === 429
      ? error.message
      : 'Please try again.';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * Profile's calendar feed (issue 41 item 6): a private address phone calendars subscribe to.
 * The server keeps only its hash, so the address is shown once, right after it is made;
 * 'New address' makes another (the old one stops working), 'Turn off' ends it.
 */
export function CalendarCard() {
  const status = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const turnOff = useTurnOffCalendarFeed();
  const [created, setCreated] = useState<CalendarFeedCreated | null>(null);
  const [confirmOff, setConfirmOff] = useState(false);

  const makeAddress = async () => {
    try {
      setCreated(await create.mutateAsync());
    } catch (error) {
      toast.error('Calendar address not made', failure(error));
    }
  };
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Address copied', 'Add it to your calendar as a subscription.');
    } catch {
      toast.info('Copy the address', 'Select it and copy it from the box.');
    }
  };
  const off = async () => {
    try {
      await turnOff.mutateAsync();
      setCreated(null);
      setConfirmOff(false);
      toast.success('Calendar feed turned off', 'Its address no longer works.');
    } catch (error) {
      toast.error('Calendar feed not turned off', failure(error));
    }
  };

  return (
    <Card aria-labelledby="calendar-heading" role="region">
      <h2 id="calendar-heading" className="flex items-center gap-2 font-semibold">
        <CalendarDays aria-hidden="true" className="h-5 w-5 text-brand-600" />
        Calendar
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Your flights in your phone's calendar, kept up to date. The address is private: anyone who
        has it sees your flights and how many crew are on them, never who.
      </p>
      {status.isPending ? (
        <Skeleton className="mt-3 h-11 w-full" />
      ) : created ? (
        <div className="mt-3 space-y-2">
          <label htmlFor="calendar-address" className="text-sm font-medium">
            Your calendar address (shown once: copy it now)
          </label>
          <Input
            id="calendar-address"
            readOnly
            value={created.url}
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void copy(created.url)}>
              Copy address
            </Button>
            <a
              href={created.webcalUrl}
              className="inline-flex h-9 items-center rounded-xl px-3 text-sm font-medium text-brand-700 hover:bg-brand-50"
            >
              Open in Calendar
            </a>
          </div>
        </div>
      ) : status.data?.enabled ? (
        <p className="mt-3 text-sm">
          On since {status.data.createdAt ? day(status.data.createdAt) : 'earlier'}. The address was
          shown when it was made; a new one replaces it.
        </p>
      ) : null}
      {status.isPending ? null : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            size="sm"
            variant={status.data?.enabled ? 'outline' : 'primary'}
            disabled={create.isPending}
            onClick={() => void makeAddress()}
          >
            {status.data?.enabled ? 'New address' : 'Get calendar address'}
          </Button>
          {status.data?.enabled ? (
            <Button size="sm" variant="ghost" onClick={() => setConfirmOff(true)}>
              Turn off
            </Button>
          ) : null}
        </div>
      )}
      <ConfirmDialog
        open={confirmOff}
        onCancel={() => setConfirmOff(false)}
        onConfirm={() => void off()}
        title="Turn off the calendar feed?"
        description="Its address stops working; calendars subscribed to it stop updating."
        confirmLabel="Turn off"
        busyLabel="Turning off..."
        busy={turnOff.isPending}
        destructive
      />
    </Card>
  );
}
