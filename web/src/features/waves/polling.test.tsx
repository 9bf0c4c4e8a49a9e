import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import {
  FIRST_TRY_MAX_MS,
  POLL_MS,
  realtimeAttemptFailed,
  resetRealtimeState,
  setRealtimeConnected,
  usePollInterval,
} from './polling';

beforeEach(() => {
  vi.useFakeTimers();
  resetRealtimeState();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The hook's interval and how many times it rendered. */
function pollInterval() {
  let renders = 0;
  const hook = renderHook(() => {
    renders += 1;
    return usePollInterval('flights');
  });
  return { interval: () => hook.result.current, renders: () => renders };
}

it("does not poll while the socket's first try is under way, nor re-renders when it connects", () => {
  const poll = pollInterval();
  expect(poll.interval()).toBe(false);
  act(() => setRealtimeConnected(true));
  expect(poll.interval()).toBe(false);
  expect(poll.renders()).toBe(1);
  // Down later: polling is the fallback.
  act(() => setRealtimeConnected(false));
  expect(poll.interval()).toBe(POLL_MS.flights);
  act(() => setRealtimeConnected(true));
  expect(poll.interval()).toBe(false);
});

it('polls as soon as the first try fails', () => {
  const poll = pollInterval();
  act(() => realtimeAttemptFailed());
  expect(poll.interval()).toBe(POLL_MS.flights);
  // A later failure changes nothing; connecting stops the polling.
  act(() => realtimeAttemptFailed());
  expect(poll.interval()).toBe(POLL_MS.flights);
  act(() => setRealtimeConnected(true));
  expect(poll.interval()).toBe(false);
});

it('polls when the real-time client never reports (its code did not load), after one interval', () => {
  const poll = pollInterval();
  act(() => vi.advanceTimersByTime(FIRST_TRY_MAX_MS - 1));
  expect(poll.interval()).toBe(false);
  act(() => vi.advanceTimersByTime(1));
  expect(poll.interval()).toBe(POLL_MS.flights);
});

it('polls once a connection given up before its first success ends (sign-out, restart)', () => {
  const poll = pollInterval();
  act(() => setRealtimeConnected(false));
  expect(poll.interval()).toBe(POLL_MS.flights);
});
