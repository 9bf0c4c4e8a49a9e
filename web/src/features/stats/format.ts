/** Figures and dates of the statistics screen, in the app's en-GB style. */
export const count = (value: number) => value.toLocaleString('en-GB');

/** '2026-11-03' → '3 Nov': the server's days are UTC calendar days, so they are read as UTC. */
export function shortDay(isoDay: string) {
  return new Date(`${isoDay}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

export function dateTime(iso: string | null) {
  return iso
    ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
    : 'Never';
}
