import { ClipboardPaste, ExternalLink, FileUp, ListChecks, Plane, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  previewFlightToBatchRow,
  ROSTER_FILE_ACCEPT,
  ROSTER_MAX_BYTES,
  ROSTER_MESSAGES,
  type RosterChangesView,
  type RosterPreviewFlight,
  type RosterPreviewIgnored,
  type RosterPreviewStatus,
} from '../../../../domain';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { formatDay, plural, useAddFlightsBatch } from '../flights';
import { type RosterSource, useRosterPreview } from './api';
import { batchOutcome } from './batch-outcome';
import { RosterChanges } from './roster-changes';

/** The airline's own roster site, opened in a new tab to copy the roster from. */
export const CREWLINK_URL = 'https://crewlink.ba.com/';
const NAVIGATE_DELAY_MS = 300;

const STEPS = [
  {
    icon: ClipboardPaste,
    title: 'Copy your roster',
    text: 'Open CrewLink, select your roster and copy the text, or save it as a file.',
  },
  {
    icon: Plane,
    title: 'Paste it or upload it',
    text: 'Paste the text below, or choose the file (text, CSV, calendar, HTML or PDF).',
  },
  {
    icon: ListChecks,
    title: 'Review and select',
    text: 'Check the flights we found and add the ones you work.',
  },
];

const keyOf = (f: RosterPreviewFlight) =>
  `${f.flightNumber}|${f.departureDate}|${f.origin}|${f.destination}`;

const FILE_TOO_LARGE = 'This file is larger than 2 MB: choose a roster of one month or one year';

/** The id every toast about reading the roster shares, so a successful read clears it. */
const PARSE_TOAST = 'roster-parse';

/** Rows that cannot be added: departed, or an airport whose time zone is not known. */
const UNSELECTABLE: ReadonlySet<RosterPreviewStatus> = new Set(['past', 'unknown-airport']);
/** Rows that start ticked: everything that can be added except the member's own flights. */
const startsSelected = (f: RosterPreviewFlight) =>
  f.status === 'new' || f.status === 'listed-other-time';

/**
 * How a line that gave no flight is shown, by its code: a duty is expected, a repeat is
 * harmless, anything else is a line the member may want to check.
 */
const IGNORED_KIND: Record<
  RosterPreviewIgnored['code'],
  { label: string; tone: 'neutral' | 'warning' }
> = {
  NOT_FLIGHT: { label: 'Not a flight', tone: 'neutral' },
  DUPLICATE: { label: 'Repeated', tone: 'neutral' },
  NO_FLIGHT_NUMBER: { label: 'No flight', tone: 'neutral' },
  NO_DATE: { label: 'Check', tone: 'warning' },
  BAD_DATE: { label: 'Check', tone: 'warning' },
  AMBIGUOUS: { label: 'Check', tone: 'warning' },
  NO_ROUTE: { label: 'Check', tone: 'warning' },
  UNKNOWN_AIRPORT: { label: 'Check', tone: 'warning' },
  COLUMN_ROSTER: { label: 'Check', tone: 'warning' },
};

/** Each status as the row shows it; a flight listed to another destination says that too. */
function statusBadge(flight: RosterPreviewFlight) {
  const badge = statusOnly(flight);
  if (!flight.listedDestination) return badge;
  return (
    <>
      {badge} <Badge tone="warning">Listed to {flight.listedDestination}</Badge>
    </>
  );
}

function statusOnly(flight: RosterPreviewFlight) {
  switch (flight.status) {
    case 'yours':
      return <Badge tone="success">Already yours</Badge>;
    case 'listed-other-time':
      return (
        <Badge tone="warning">
          {flight.listedTime ? `Listed at ${flight.listedTime}` : 'Listed at another time'}
        </Badge>
      );
    case 'past':
      return <Badge>Past</Badge>;
    case 'unknown-airport':
      return <Badge tone="warning">Unknown airport</Badge>;
    default:
      return <Badge tone="brand">New</Badge>;
  }
}

/** '01:45 GMT +1' from an instant, '+1' when the GMT day is after the local departure day. */
function gmtLabel(iso: string | null, localDay: string): string | null {
  if (!iso) return null;
  const day = iso.slice(0, 10);
  const shift = Math.round((Date.parse(day) - Date.parse(localDay)) / 86_400_000);
  return `${iso.slice(11, 16)} GMT${shift ? ` ${shift > 0 ? '+' : ''}${shift}` : ''}`;
}

/** The lines the parser did not read as flights, each with its reason. */
function IgnoredLines({ lines }: { lines: RosterPreviewIgnored[] }) {
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

function FlightRow({
  flight,
  selected,
  onToggle,
}: {
  flight: RosterPreviewFlight;
  selected: boolean;
  onToggle: () => void;
}) {
  const gmt = gmtLabel(flight.utc.departure, flight.departureDate);
  const arrival = flight.arrivalTime
    ? `${flight.arrivalTime}${flight.arrivalDayOffset ? ` +${flight.arrivalDayOffset}` : ''} ${flight.destination}`
    : null;
  return (
    <Checkbox
      className="cursor-pointer gap-3 rounded-xl border border-slate-200 p-3"
      labelClassName="block min-w-0 space-y-0.5"
      checked={selected}
      disabled={UNSELECTABLE.has(flight.status)}
      onCheckedChange={onToggle}
      label={
        <>
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{flight.flightNumber}</span>
            <span>
              {flight.origin} to {flight.destination}
            </span>
            {statusBadge(flight)}
            {flight.positioning ? <Badge>Positioning</Badge> : null}
          </span>
          <span className="block text-sm text-slate-600">
            {formatDay(`${flight.departureDate}T00:00:00.000Z`, 'long')}
          </span>
          {flight.departureTime ? (
            <span className="flex flex-wrap items-center gap-2 text-sm">
              <Badge tone="brand">
                Departs {flight.departureTime} {flight.origin}
              </Badge>
              {gmt ? <span className="text-slate-600">{gmt}</span> : null}
              {arrival ? <span className="text-slate-600">Arrives {arrival}</span> : null}
            </span>
          ) : null}
          <span className="block truncate font-mono text-xs text-slate-500">
            {flight.sourceLine}
          </span>
        </>
      }
    />
  );
}

export function RosterUpload() {
  const navigate = useNavigate();
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [found, setFound] = useState<RosterPreviewFlight[] | null>(null);
  const [ignored, setIgnored] = useState<RosterPreviewIgnored[]>([]);
  const [changes, setChanges] = useState<RosterChangesView | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());

  const reset = () => {
    setFound(null);
    setIgnored([]);
    setChanges(null);
  };

  const preview = useRosterPreview();
  const upload = useAddFlightsBatch();
  const send = (rows: RosterPreviewFlight[]) =>
    upload.mutate(
      { flights: rows.map(previewFlightToBatchRow) },
      {
        onSuccess: (response) => {
          const outcome = batchOutcome(response, rows.length);
          const show =
            outcome.tone === 'success'
              ? toast.success
              : outcome.tone === 'info'
                ? toast.info
                : toast.error;
          show(outcome.title, outcome.description, outcome.tone === 'error' ? 10_000 : 5000);
          if (outcome.done) setTimeout(() => navigate('/home'), NAVIGATE_DELAY_MS);
        },
        onError: (error) =>
          toast.error('Error Adding Flights', error.message || 'Failed to add flights', 10_000),
      },
    );

  const parse = () => {
    const source: RosterSource | null = file ? { file } : text.trim() ? { text } : null;
    if (!source) {
      reset();
      toast.error(
        ROSTER_MESSAGES.empty,
        'Please paste your roster text first.',
        undefined,
        PARSE_TOAST,
      );
      return;
    }
    // Said before sending: the server refuses it too (413), but only after the upload.
    if ('file' in source && source.file.size > ROSTER_MAX_BYTES) {
      reset();
      toast.error(ROSTER_MESSAGES.parseError, FILE_TOO_LARGE, undefined, PARSE_TOAST);
      return;
    }
    preview.mutate(source, {
      onSuccess: (result) => {
        setIgnored(result.ignored);
        setChanges(result.changes);
        if (result.flights.length === 0) {
          setFound(null);
          toast.error(
            ROSTER_MESSAGES.noFlights,
            result.reason ?? 'No flights were found.',
            undefined,
            PARSE_TOAST,
          );
          return;
        }
        // The list is on screen now: an earlier toast no longer describes anything.
        toast.dismiss(PARSE_TOAST);
        setFound(result.flights);
        setSelected(new Set(result.flights.filter(startsSelected).map(keyOf)));
      },
      onError: (error) => {
        reset();
        const empty = error instanceof ApiError && error.body.code === 'EMPTY_ROSTER';
        toast.error(
          empty ? ROSTER_MESSAGES.empty : ROSTER_MESSAGES.parseError,
          error.message || 'The roster could not be read.',
          undefined,
          PARSE_TOAST,
        );
      },
    });
  };

  const chosen = found?.filter((f) => selected.has(keyOf(f)) && !UNSELECTABLE.has(f.status)) ?? [];
  const add = () => {
    if (chosen.length === 0) {
      toast.error(ROSTER_MESSAGES.noneSelected, 'Select at least one flight to add.');
      return;
    }
    const valid = chosen.filter(
      (f) => f.flightNumber && f.origin && f.destination && f.departureDate,
    );
    if (valid.length === 0) {
      toast.error(ROSTER_MESSAGES.noValid, 'None of the selected flights is complete.');
      return;
    }
    send(valid);
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
          disabled={file !== null}
          onChange={(e) => {
            setText(e.target.value);
            reset();
          }}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="roster-file">Or upload your roster file</Label>
        <input
          ref={fileInput}
          id="roster-file"
          type="file"
          accept={ROSTER_FILE_ACCEPT}
          className="sr-only"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            reset();
          }}
        />
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            className="flex-1"
            onClick={() => fileInput.current?.click()}
            aria-describedby="roster-file-name"
          >
            <FileUp aria-hidden="true" className="h-4 w-4" />
            Choose File
          </Button>
          {file ? (
            <Button
              variant="ghost"
              size="sm"
              aria-label="Remove file"
              onClick={() => {
                setFile(null);
                if (fileInput.current) fileInput.current.value = '';
                reset();
              }}
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </Button>
          ) : null}
        </div>
        <p id="roster-file-name" className="truncate text-sm text-slate-600">
          {file ? file.name : '.txt, .csv, .ics, .html or .pdf, up to 2 MB'}
        </p>
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
                  <FlightRow
                    flight={flight}
                    selected={selected.has(key) && !UNSELECTABLE.has(flight.status)}
                    onToggle={() => toggle(key)}
                  />
                </li>
              );
            })}
          </ul>
        </Card>
      ) : null}
      {changes ? <RosterChanges key={JSON.stringify(changes.range)} changes={changes} /> : null}
      {ignored.length > 0 ? <IgnoredLines lines={ignored} /> : null}

      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={() => navigate('/home')}>
          Cancel
        </Button>
        {found ? (
          <Button disabled={upload.isPending} onClick={add}>
            {upload.isPending ? 'Adding Flights...' : `Add ${plural(chosen.length, 'Flight')}`}
          </Button>
        ) : (
          <Button disabled={preview.isPending} onClick={parse}>
            {preview.isPending ? 'Reading Roster...' : 'Parse Roster'}
          </Button>
        )}
      </div>
    </div>
  );
}
