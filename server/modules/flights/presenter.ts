import {
  airportTimeZone,
  type CrewMember,
  departureDateIso,
  type Flight,
  type FlightDetail,
  type FlightListItem,
  inTagOrder,
  localDeparture,
  type UserFlight,
  type WaveWithParties,
} from '../../../domain';
import type { FlightCrewRow, FlightRow } from '../../db/schema';

/** The crew figures every flight response carries (queries.ts computes them in SQL). */
export type FlightCrewFigures = { crewCount: number; onlineCrewCount: number; tags: string[] };

/** A flight row with its crew figures as selectFlightsWithCounts returns it. */
export type FlightAggregateRow = {
  flight: FlightRow;
  crewCount: number;
  onlineCrewCount: number;
  tagsText: string | null;
  firstCrewUserId: number | null;
};

/** The crew's tags as SQL aggregates them ('|'-joined), once each in the spec's order. */
export function flightTags(tagsText: string | null): string[] {
  return tagsText ? inTagOrder(tagsText.split('|')) : [];
}

/** THE flight presenter: a flight as every list, detail and live update returns it. */
export function presentFlight(row: FlightRow, figures: FlightCrewFigures): Flight {
  return {
    ...presentFlightSummary(row),
    duration: row.duration,
    createdAt: row.createdAt.toISOString(),
    crewCount: figures.crewCount,
    onlineCrewCount: figures.onlineCrewCount,
    tags: figures.tags,
    // The origin's clock beside the spec's GMT chip (issue 41): derived, never stored.
    localDeparture: localDeparture(row, airportTimeZone),
  };
}

export function presentAggregate(row: FlightAggregateRow): Flight {
  return presentFlight(row.flight, {
    crewCount: row.crewCount,
    onlineCrewCount: row.onlineCrewCount,
    tags: flightTags(row.tagsText),
  });
}

export function presentListItem(row: FlightAggregateRow, joined: boolean): FlightListItem {
  return { ...presentAggregate(row), isJoined: joined };
}

/** GET /api/flights/{id}: the flight, its crew presented for the viewer, and what they may do. */
export function presentFlightDetail(
  row: FlightRow,
  figures: FlightCrewFigures,
  crewMembers: CrewMember[],
  viewerState: { isJoined: boolean; canDelete: boolean },
): FlightDetail {
  return {
    ...presentFlight(row, figures),
    isJoined: viewerState.isJoined,
    crewMembers,
    canDelete: viewerState.canDelete,
  };
}

/** GET /api/user/flights item: the viewer's own crew entry with its flight. */
export function presentUserFlight(
  entry: FlightCrewRow,
  row: FlightAggregateRow,
  canDelete: boolean,
): UserFlight {
  return {
    id: entry.id,
    role: entry.role,
    tags: entry.tags,
    note: entry.note,
    canDelete,
    flight: presentAggregate(row),
  };
}

/** The flight as a wave card shows it: which flight, no crew figures. */
export function presentFlightSummary(row: FlightRow): WaveWithParties['flight'] {
  return {
    id: row.id,
    flightNumber: row.flightNumber,
    origin: row.origin,
    destination: row.destination,
    departureDate: departureDateIso(row.departureDate),
  };
}
