/**
 * A fixed window per member: at most `limit` actions from the window's start for `windowMs`.
 * Pure: the caller keeps the window and passes the time.
 */
export type ThrottleWindow = { startMs: number; count: number };

export type ThrottleVerdict = {
  window: ThrottleWindow;
  allowed: boolean;
  /** When a refused action may be tried again: the window's end. */
  retryAtMs: number;
};

export function takeFromWindow(
  window: ThrottleWindow | undefined,
  nowMs: number,
  limit: number,
  windowMs = 1000,
): ThrottleVerdict {
  const current =
    window && nowMs - window.startMs < windowMs && nowMs >= window.startMs
      ? window
      : { startMs: nowMs, count: 0 };
  const allowed = current.count < limit;
  const next = { startMs: current.startMs, count: allowed ? current.count + 1 : current.count };
  return { window: next, allowed, retryAtMs: current.startMs + windowMs };
}
