/** The flights feature's public surface: code outside features/flights/ imports only this file. */

export type { SearchParams } from './api';
export {
  flightKeys,
  flightQueries,
  isFlightId,
  useAddFlightsBatch,
  useFlightDetail,
  useFlightSearch,
  useFlights,
  useJoinFlight,
  useLeaveFlight,
  useLeaveFlights,
  useUpdateCrewEntry,
  useUserFlights,
} from './api';
export { DeleteFlightDialog } from './delete-flight-dialog';
export { FlightList } from './flight-list';
export { flightName, formatDay, plural } from './format';
export { GmtClock } from './gmt-clock';
export { Hint } from './hint';
export { HomeHeader } from './home-header';
export { LeaveFlightDialog } from './leave-flight-dialog';
export { ManualFlightForm } from './manual-flight-form';
export type { Viewer } from './viewer';
export { useViewer } from './viewer';
