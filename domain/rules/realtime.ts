// The real-time channel's plain parts, apart from its schemas (schemas/realtime.ts): code that
// only needs these does not construct the frame schemas (docs/architecture.md, 'The first load').

/**
 * What a live invalidation may name: each is a group of screens the web refetches (see
 * web/src/features/realtime/cache-sync.ts). `flights`: flight lists, detail and stats; `stats`:
 * the header counters; `admin`: the pending approvals; `waves`: the member's waves.
 */
export const INVALIDATION_KEYS = ['flights', 'stats', 'admin', 'waves'] as const;

/** A path of this app, never another site: the only kind a notification may open. */
export function isAppPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** For the `default` of a switch over a union: a member left unhandled fails to compile. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
