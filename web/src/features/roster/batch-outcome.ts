import type { BatchFlightsResponse } from '../../../../domain';

export type BatchOutcome = {
  tone: 'success' | 'info' | 'error';
  title: string;
  description: string;
  /** Success goes on to /home (after 300 ms). */
  done: boolean;
};

/**
 * The rows the web could not turn into batch rows (rosterFlightToBatchRow: a local time at an
 * airport of no known zone) counted as failed rows of the response, with their reasons.
 */
export function withRefusedRows(
  response: BatchFlightsResponse,
  refused: readonly string[],
): BatchFlightsResponse {
  if (refused.length === 0) return response;
  return {
    ...response,
    results: { ...response.results, failed: response.results.failed + refused.length },
    errorDetails: [...refused, ...response.errorDetails],
  };
}

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
    // Flights joined as listed at another time say so ('Already listed departing …').
    const notices = response.notices?.length ? `. ${response.notices.join('; ')}` : '';
    return {
      tone: 'success',
      title: 'Flights Added',
      description: `${parts.join(', ')}${notices}`,
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
