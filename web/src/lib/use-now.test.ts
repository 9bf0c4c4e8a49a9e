import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useMinute, useNow } from './use-now';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-27T10:04:30.250Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

it('gives the minute as it begins on the wall clock, not a minute after mounting', () => {
  const { result } = renderHook(() => useMinute());
  expect(result.current.toISOString()).toBe('2026-11-27T10:04:00.000Z');
  act(() => vi.advanceTimersByTime(29_749));
  expect(result.current.toISOString()).toBe('2026-11-27T10:04:00.000Z');
  act(() => vi.advanceTimersByTime(1));
  expect(result.current.toISOString()).toBe('2026-11-27T10:05:00.000Z');
  act(() => vi.advanceTimersByTime(60_000));
  expect(result.current.toISOString()).toBe('2026-11-27T10:06:00.000Z');
});

it('re-renders once a minute, where useNow re-renders each second', () => {
  let minuteRenders = 0;
  let secondRenders = 0;
  renderHook(() => {
    minuteRenders += 1;
    return useMinute();
  });
  renderHook(() => {
    secondRenders += 1;
    return useNow();
  });
  for (let second = 0; second < 60; second += 1) act(() => vi.advanceTimersByTime(1000));
  expect(minuteRenders).toBe(2);
  expect(secondRenders).toBe(61);
});
