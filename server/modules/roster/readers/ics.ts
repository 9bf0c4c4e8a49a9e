import ICAL from 'ical.js';
import type { CalendarEvent, EventTime } from '../../../../domain/roster/calendar-events';
import { isKnownTimeZone, zonedToUtc } from '../../../../domain/rules/zoned-time';

/** A calendar file that ical.js cannot read: the member is told so, never "no flights". */
export class UnreadableCalendar extends Error {}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * A DTSTART/DTEND as the file says it: a UTC time ('Z') or a time with a TZID is an instant,
 * placed by the runtime's tz database when the TZID is an IANA name, else by the file's own
 * VTIMEZONE; a time with neither is floating, a DATE a day alone. A TZID known to neither is
 * null (the event is then refused as having no start).
 */
function eventTime(
  event: ICAL.Component,
  name: 'dtstart' | 'dtend',
  zones: Map<string, ICAL.Timezone>,
): EventTime | null {
  const property = event.getFirstProperty(name);
  const value = property?.getFirstValue();
  if (!property || !(value instanceof ICAL.Time)) return null;
  const date = `${String(value.year).padStart(4, '0')}-${pad2(value.month)}-${pad2(value.day)}`;
  if (value.isDate) return { kind: 'day', date };
  const time = `${pad2(value.hour)}:${pad2(value.minute)}`;
  const tzid = property.getParameter('tzid');
  const tz = typeof tzid === 'string' ? tzid : null;
  if (value.zone === ICAL.Timezone.utcTimezone || value.zone?.tzid === 'UTC') {
    return { kind: 'instant', at: new Date(`${date}T${time}:00.000Z`) };
  }
  if (!tz) return { kind: 'floating', date, time };
  if (isKnownTimeZone(tz)) return { kind: 'instant', at: zonedToUtc({ date, time }, tz) };
  const zone = zones.get(tz);
  if (!zone) return null;
  const zoned = value.clone();
  zoned.zone = zone;
  return { kind: 'instant', at: new Date(zoned.toUnixTime() * 1000) };
}

const text = (event: ICAL.Component, name: string) => {
  const value = event.getFirstPropertyValue(name);
  return typeof value === 'string' ? value : '';
};

/** The VEVENTs of an ICS file, in file order (a recurring event is read once, as its first). */
export function readIcsEvents(source: string): CalendarEvent[] {
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(source));
  } catch {
    throw new UnreadableCalendar('This calendar file could not be read: it is not valid ICS');
  }
  const zones = new Map<string, ICAL.Timezone>();
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
    const zone = new ICAL.Timezone(vtimezone);
    if (zone.tzid) zones.set(zone.tzid, zone);
  }
  return calendar.getAllSubcomponents('vevent').map((event) => ({
    summary: text(event, 'summary'),
    location: text(event, 'location'),
    description: text(event, 'description'),
    start: eventTime(event, 'dtstart', zones),
    end: eventTime(event, 'dtend', zones),
  }));
}
