import { act, screen } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { boot } from './boot';

const times = { statusAfterMs: 1000, capMs: 3000 };
let root: Root;

beforeEach(() => {
  vi.useFakeTimers();
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  document.body.replaceChildren();
  vi.useRealTimers();
});

/** A promise the test settles when it likes: the screen's code and session arriving. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const app = () => <p>the first screen</p>;

it('renders the first screen once it is in, with no status before it on a quick link', async () => {
  const ready = deferred();
  const booted = boot(root, ready.promise, app, times);
  await act(() => vi.advanceTimersByTimeAsync(times.statusAfterMs - 1));
  expect(screen.queryByRole('status')).toBeNull();
  ready.resolve();
  await act(async () => {
    await booted;
  });
  expect(screen.getByText('the first screen')).toBeTruthy();
  // The status timer was cleared: it never shows over the screen.
  await act(() => vi.advanceTimersByTimeAsync(times.capMs));
  expect(screen.queryByRole('status')).toBeNull();
});

it("shows 'Loading...' on a slow link, then replaces it with the first screen", async () => {
  const ready = deferred();
  const booted = boot(root, ready.promise, app, times);
  await act(() => vi.advanceTimersByTimeAsync(times.statusAfterMs));
  expect(screen.getByRole('status').textContent).toBe('Loading...');
  ready.resolve();
  await act(async () => {
    await booted;
  });
  expect(screen.getByText('the first screen')).toBeTruthy();
  expect(screen.queryByRole('status')).toBeNull();
});

it('renders what has come after the cap, and after a failed load, rather than wait for ever', async () => {
  const never = boot(root, new Promise(() => {}), app, times);
  await act(() => vi.advanceTimersByTimeAsync(times.capMs));
  await act(async () => {
    await never;
  });
  expect(screen.getByText('the first screen')).toBeTruthy();

  const failed = deferred();
  const booted = boot(root, failed.promise, () => <p>after a failure</p>, times);
  failed.reject(new Error('offline'));
  await act(async () => {
    await booted;
  });
  expect(screen.getByText('after a failure')).toBeTruthy();
});
