import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AfterFirstPaint } from './after-first-paint';

describe('AfterFirstPaint', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('renders its children only after the next frame and a task, not with the screen', () => {
    render(
      <>
        <p>screen</p>
        <AfterFirstPaint>
          <p>background</p>
        </AfterFirstPaint>
      </>,
    );
    expect(screen.getByText('screen')).toBeTruthy();
    expect(screen.queryByText('background')).toBeNull();
    act(() => vi.advanceTimersToNextFrame());
    expect(screen.queryByText('background')).toBeNull();
    act(() => vi.runOnlyPendingTimers());
    expect(screen.getByText('background')).toBeTruthy();
  });
});
