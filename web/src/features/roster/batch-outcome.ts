import type { BatchFlightsResponse } from '../../../../domain';

export type BatchOutcome = {
  tone: 'success' | 'info' | 'error';
  title: string;
  description: string;
  /** Success goes on to /home (after 300 ms). */
  done: boolean;
};

/** ': BA117 LHR-JFK 2026-11-29: <why>; …' for the rows that failed, or nothing. */
const failedList = (response: BatchFlightsResponse) =>
  response.errorDetails.length ? `. Failed: ${response.errorDetails.join('; ')}` : '';

/** The toast of a roster upload (spec §8), from the batch response. */
export function batchOutcome(response: BatchFlightsResponse, sent: number): BatchOutcome {
  const { created, joined, existing, failed } = response.results;
  const added = created + joined;
  const errors = response.errorDetails.length
    ? ` Errors occurred: ${response.errorDetails.join('; ')}`
    : '';
  if (added > 0) {
    const parts = [`${added} ${added === 1 ? 'flight' : 'flights'} added`];
    if (existing > 0) parts.push(`${existing} skipped (already in your roster)`);
    if (failed > 0) parts.push(`${failed} failed`);
    // Each flight that failed is named with why (issue 41 item 4), not only counted; flights
    // joined as listed at another time say so ('Already listed departing …').
    const notices = response.notices?.length ? `. ${response.notices.join('; ')}` : '';
    return {
      tone: 'success',
      title: 'Flights Added',
      description: `${parts.join(', ')}${failedList(response)}${notices}`,
      done: true,
    };
  }
  if (existing === sent && failed === 0) {
    return {
      tone: 'info',
      title: 'No New Flights Added',
      description: `All ${sent} flights already exist in your roster`,
      done: false,
    };
  }
  if (existing > 0) {
    return {
      tone: 'error',
      title: 'No Flights Added',
      description: `Some flights already exist in the system: ${response.existingFlights.join(', ')}. Please deselect these flights and try again.${errors}`,
      done: false,
    };
  }
  return {
    tone: 'error',
    title: 'No Flights Added',
    description: `No flights were added to your account.${errors}`,
    done: false,
  };
}
