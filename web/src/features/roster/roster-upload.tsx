import { ClipboardPaste, ExternalLink, ListChecks, Plane } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  type BatchFlightsResponse,
  type BatchRow,
  type IgnoredRosterLine,
  localDay,
  noFlightsReason,
  parseRoster,
  ROSTER_MESSAGES,
  RosterError,
  type RosterFlight,
  type RosterIgnoreCode,
} from '../../../../domain';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { formatDay, plural, useAddFlightsBatch } from '../flights';
import { batchOutcome, withRefusedRows } from './batch-outcome';

/** The airline's own roster site, opened in a new tab to copy the roster from. */
export const CREWLINK_URL = 'https://crewlink.ba.com/';
const NAVIGATE_DELAY_MS = 300;

const STEPS = [
  {
    icon: ClipboardPaste,
    title: 'Copy your roster',
    text: 'Open CrewLink, select your roster and copy the text.',
  },
  { icon: Plane, title: 'Paste it here', text: 'Paste the copied text into the box below.' },
  {
    icon: ListChecks,
    title: 'Review and select',
    text: 'Check the flights we found and add the ones you work.',
  },
];

const keyOf = (f: RosterFlight) => `${f.flightNumber}|${f.date}|${f.origin}|${f.destination}`;

/** The id every toast about parsing the pasted text shares, so a successful parse clears it. */
const PARSE_TOAST = 'roster-parse';

/**
 * How a line that gave no flight is shown, by its code: a duty is expected, a repeat is
 * harmless, anything else is a line the member may want to check.
 */
const IGNORED_KIND: Record<RosterIgnoreCode, { label: string; tone: 'neutral' | 'warning' }> = {
  NOT_FLIGHT: { label: 'Not a flight', tone: 'neutral' },
  DUPLICATE: { label: 'Repeated', tone: 'neutral' },
  NO_FLIGHT_NUMBER: { label: 'No flight', tone: 'neutral' },
  NO_DATE: { label: 'Check', tone: 'warning' },
  BAD_DATE: { label: 'Check', tone: 'warning' },
  AMBIGUOUS: { label: 'Check', tone: 'warning' },
  NO_ROUTE: { label: 'Check', tone: 'warning' },
  UNKNOWN_AIRPORT: { label: 'Check', tone: 'warning' },
};

/** The lines the parser did not read as flights, each with its reason. */
function IgnoredLines({ lines }: { lines: IgnoredRosterLine[] }) {
  return (
    <Card className="space-y-3">
      <h2 className="font-semibold">{plural(lines.length, 'line')} not read</h2>
      <ul className="max-h-[300px] space-y-2 overflow-y-auto" aria-label="Lines not read">
        {lines.map((ignored) => {
          const kind = IGNORED_KIND[ignored.code];
          return (
            <li
              key={ignored.lineNumber}
              className="space-y-1 rounded-xl border border-slate-200 p-3"
            >
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <Badge tone={kind.tone}>{kind.label}</Badge>
                <span>{ignored.reason}</span>
              </p>
              <p className="break-all font-mono text-xs text-slate-500">
                Line {ignored.lineNumber}: {ignored.line}
              </p>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

export function RosterUpload() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [found, setFound] = useState<RosterFlight[] | null>(null);
  const [ignored, setIgnored] = useState<IgnoredRosterLine[]>([]);
  const [selected, setSelected] = useState<Set<string>>(new Set());

  const upload = useAddFlightsBatch();
  const send = async (rows: RosterFlight[]) => {
    // Roster times are local to their airports: each row carries the GMT time it names, or is
    // refused here with its reason (an airport of no known zone). The zone table is loaded
    // only now, so opening Add Flight never pays for it.
    let rosterFlightToBatchRow: typeof import('../../../../domain/rules/flight-clock').rosterFlightToBatchRow;
    try {
      ({ rosterFlightToBatchRow } = await import('../../../../domain/rules/flight-clock'));
    } catch {
      toast.error('Error Adding Flights', 'Failed to add flights', 10_000);
      return;
    }
    const batch: BatchRow[] = [];
    const refused: string[] = [];
    for (const flight of rows) {
      const read = rosterFlightToBatchRow(flight);
      if (read.ok) batch.push(read.row);
      else {
        refused.push(
          `${flight.flightNumber} ${flight.origin}-${flight.destination}: ${read.reason}`,
        );
      }
    }
    const report = (response: BatchFlightsResponse) => {
      const outcome = batchOutcome(withRefusedRows(response, refused), rows.length);
      const show =
        outcome.tone === 'success'
          ? toast.success
          : outcome.tone === 'info'
            ? toast.info
            : toast.error;
      show(outcome.title, outcome.description, outcome.tone === 'error' ? 10_000 : 5000);
      if (outcome.done) setTimeout(() => navigate('/home'), NAVIGATE_DELAY_MS);
    };
    if (batch.length === 0) {
      const none = { created: 0, joined: 0, existing: 0, failed: 0 };
      report({ results: none, existingFlights: [], errorDetails: [], notices: [], message: '' });
      return;
    }
    upload.mutate(
      { flights: batch },
      {
        onSuccess: report,
        onError: (error) =>
          toast.error('Error Adding Flights', error.message || 'Failed to add flights', 10_000),
      },
    );
  };

  const parse = () => {
    try {
      // A date printed without a year is the one nearest to the member's own today.
      const result = parseRoster(text, { today: localDay(new Date()) });
      const { flights } = result;
      setIgnored(result.ignored);
      if (flights.length === 0) {
        setFound(null);
        toast.error(ROSTER_MESSAGES.noFlights, noFlightsReason(result), undefined, PARSE_TOAST);
        return;
      }
      // The list is on screen now: an earlier 'Empty Roster' no longer describes anything.
      toast.dismiss(PARSE_TOAST);
      setFound(flights);
      setSelected(new Set(flights.map(keyOf)));
    } catch (error) {
      setFound(null);
      setIgnored([]);
      if (error instanceof RosterError && error.code === 'EMPTY_ROSTER') {
        toast.error(
          ROSTER_MESSAGES.empty,
          'Please paste your roster text first.',
          undefined,
          PARSE_TOAST,
        );
      } else {
        toast.error(
          ROSTER_MESSAGES.parseError,
          'The roster could not be read.',
          undefined,
          PARSE_TOAST,
        );
      }
    }
  };

  const chosen = found?.filter((f) => selected.has(keyOf(f))) ?? [];
  const add = () => {
    if (chosen.length === 0) {
      toast.error(ROSTER_MESSAGES.noneSelected, 'Select at least one flight to add.');
      return;
    }
    const valid = chosen.filter((f) => f.flightNumber && f.origin && f.destination && f.date);
    if (valid.length === 0) {
      toast.error(ROSTER_MESSAGES.noValid, 'None of the selected flights is complete.');
      return;
    }
    void send(valid);
  };
  const toggle = (key: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <div className="space-y-4">
      <ol className="grid gap-2" aria-label="How to upload your roster">
        {STEPS.map(({ icon: Icon, title, text: body }, i) => (
          <li key={title} className="flex gap-3 rounded-xl bg-brand-50 p-3">
            <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white">
              {i + 1}
            </span>
            <div>
              <p className="flex items-center gap-1.5 font-medium">
                <Icon aria-hidden="true" className="h-4 w-4" />
                {title}
              </p>
              <p className="text-sm text-slate-600">{body}</p>
            </div>
          </li>
        ))}
      </ol>

      <div className="space-y-1.5">
        <Label htmlFor="roster-text">Roster text</Label>
        <Textarea
          id="roster-text"
          rows={8}
          className="font-mono text-sm"
          placeholder={'Paste your roster here, e.g.\nMon 3 Mar\n0655 BA117 LHR JFK'}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setFound(null);
            setIgnored([]);
          }}
        />
      </div>
      <a
        href={CREWLINK_URL}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex h-11 w-full items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white font-medium hover:bg-slate-50"
      >
        <ExternalLink aria-hidden="true" className="h-4 w-4" />
        Open CrewLink
      </a>

      {found ? (
        <Card className="space-y-3">
          <h2 className="font-semibold">Found {plural(found.length, 'flight')}:</h2>
          <ul className="max-h-[300px] space-y-2 overflow-y-auto" aria-label="Flights found">
            {found.map((flight) => {
              const key = keyOf(flight);
              return (
                <li key={key}>
                  <Checkbox
                    className="cursor-pointer gap-3 rounded-xl border border-slate-200 p-3"
                    labelClassName="block min-w-0 space-y-0.5"
                    checked={selected.has(key)}
                    onCheckedChange={() => toggle(key)}
                    label={
                      <>
                        <span className="flex flex-wrap items-center gap-2">
                          <span className="font-semibold">{flight.flightNumber}</span>
                          {flight.departureTime ? (
                            <span className="text-sm text-slate-600">{flight.departureTime}</span>
                          ) : null}
                          <span>
                            {flight.origin} to {flight.destination}
                          </span>
                          {flight.departureTime ? (
                            <Badge tone="brand">Departs {flight.departureTime}</Badge>
                          ) : null}
                          {flight.positioning ? <Badge>Positioning</Badge> : null}
                        </span>
                        <span className="block text-sm text-slate-600">
                          {formatDay(`${flight.date}T00:00:00.000Z`, 'long')}
                        </span>
                        <span className="block truncate font-mono text-xs text-slate-500">
                          {flight.sourceLine}
                        </span>
                      </>
                    }
                  />
                </li>
              );
            })}
          </ul>
        </Card>
      ) : null}
      {ignored.length > 0 ? <IgnoredLines lines={ignored} /> : null}

      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={() => navigate('/home')}>
          Cancel
        </Button>
        {found ? (
          <Button disabled={upload.isPending} onClick={add}>
            {upload.isPending ? 'Adding Flights...' : `Add ${chosen.length} Flights`}
          </Button>
        ) : (
          <Button onClick={parse}>Parse Roster</Button>
        )}
      </div>
    </div>
  );
}
