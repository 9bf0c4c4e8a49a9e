import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_CHECK_MS, IDLE_LIMIT_MS, useIdleLogout } from './use-idle-logout';

const MINUTE = 60_000;

describe('useIdleLogout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('fires once after 10 minutes without input, checked every 60 s', () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleLogout(onIdle));
    expect(IDLE_LIMIT_MS).toBe(10 * MINUTE);
    expect(IDLE_CHECK_MS).toBe(MINUTE);

    act(() => vi.advanceTimersByTime(9 * MINUTE));
    expect(onIdle).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(MINUTE));
    expect(onIdle).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(30 * MINUTE));
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it.each(['pointerdown', 'keydown', 'touchstart', 'scroll', 'wheel'])(
    '%s resets the timer',
    (event) => {
      const onIdle = vi.fn();
      renderHook(() => useIdleLogout(onIdle));
      act(() => vi.advanceTimersByTime(9 * MINUTE));
      act(() => {
        window.dispatchEvent(new Event(event));
      });
      act(() => vi.advanceTimersByTime(9 * MINUTE));
      expect(onIdle).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(MINUTE));
      expect(onIdle).toHaveBeenCalledTimes(1);
    },
  );

  it('checks at once when a hidden tab becomes visible again', () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleLogout(onIdle));
    // Timers of a hidden tab may not have run: only the clock moved on.
    vi.setSystemTime(Date.now() + 2 * IDLE_LIMIT_MS);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('stops listening when unmounted', () => {
    const onIdle = vi.fn();
    const { unmount } = renderHook(() => useIdleLogout(onIdle));
    unmount();
    act(() => vi.advanceTimersByTime(20 * MINUTE));
    expect(onIdle).not.toHaveBeenCalled();
  });
});
