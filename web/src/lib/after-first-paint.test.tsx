import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AfterFirstPaint } from './after-first-paint';

/** The tab's visibility, as the document reports it (jsdom's own never says 'visible'). */
const visibility = (state: DocumentVisibilityState) =>
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });

function renderScreen() {
  render(
    <>
      <p>screen</p>
      <AfterFirstPaint>
        <p>background</p>
      </AfterFirstPaint>
    </>,
  );
}

describe('AfterFirstPaint', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('renders its children only after the next frame and a task, not with the screen', () => {
    visibility('visible');
    renderScreen();
    expect(screen.getByText('screen')).toBeTruthy();
    expect(screen.queryByText('background')).toBeNull();
    act(() => vi.advanceTimersToNextFrame());
    expect(screen.queryByText('background')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('background')).toBeTruthy();
  });

  it('starts in a hidden tab, which paints no frame, after a short wait', () => {
    visibility('hidden');
    const frames = vi.spyOn(globalThis, 'requestAnimationFrame');
    renderScreen();
    expect(screen.queryByText('background')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('background')).toBeTruthy();
    expect(frames).not.toHaveBeenCalled();
  });

  it('does not wait on a frame that never comes', () => {
    visibility('visible');
    vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation(() => 1);
    renderScreen();
    act(() => vi.advanceTimersByTime(99));
    expect(screen.queryByText('background')).toBeNull();
    act(() => vi.advanceTimersByTime(2));
    expect(screen.getByText('background')).toBeTruthy();
  });
});
