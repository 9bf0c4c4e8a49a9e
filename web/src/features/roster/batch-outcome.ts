import type { BatchFlightsResponse } from '../../../../domain';

export type BatchOutcome = {
  tone: 'success' | 'info' | 'error';
  title: string;
  description: string;
  /** Success goes on to /home (after 300 ms). */
  done: boolean;
};

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
    return { tone: 'success', title: 'Flights Added', description: parts.join(', '), done: true };
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
