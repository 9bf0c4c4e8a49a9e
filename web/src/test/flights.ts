import type { FlightListItem } from '../../../domain';

/** A flight as GET /api/flights lists it: BA117 LHR → JFK, 15:30 GMT on 10 June 2999. */
export function aFlightListItem(overrides: Partial<FlightListItem> = {}): FlightListItem {
  return {
    id: 7,
    flightNumber: 'BA117 (1530)',
    origin: 'LHR',
    destination: 'JFK',
    departureDate: '2999-06-10T00:00:00.000Z',
    duration: null,
    createdAt: '2999-05-01T00:00:00.000Z',
    crewCount: 2,
    onlineCrewCount: 1,
    tags: [],
    localDeparture: { time: '16:30', date: '2999-06-10', timeZone: 'Europe/London' },
    isJoined: false,
    ...overrides,
  };
}
