import { act, screen } from '@testing-library/react';
import { lazy } from 'react';
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

it("after the cap, renders what has come, with 'Loading...' on show from one second until then", async () => {
  const never = boot(root, new Promise(() => {}), app, times);
  await act(() => vi.advanceTimersByTimeAsync(times.statusAfterMs));
  expect(screen.getByRole('status').textContent).toBe('Loading...');
  await act(() => vi.advanceTimersByTimeAsync(times.capMs - times.statusAfterMs - 1));
  expect(screen.getByRole('status').textContent).toBe('Loading...');
  await act(() => vi.advanceTimersByTimeAsync(1));
  await act(async () => {
    await never;
  });
  expect(screen.getByText('the first screen')).toBeTruthy();
  expect(screen.queryByRole('status')).toBeNull();
});

it("after a failed load, keeps 'Loading...' on show while the screen asks for its code again", async () => {
  const failed = deferred();
  const code = deferred();
  // The screen's code, asked for again by the first render: no Suspense boundary above it, as
  // above the member layout.
  const Screen = lazy(async () => {
    await code.promise;
    return { default: () => <p>the first screen</p> };
  });
  const booted = boot(root, failed.promise, () => <Screen />, times);
  failed.reject(new Error('offline'));
  await act(async () => {
    await booted;
  });
  // Well before the one-second mark: the status shows at once, never a blank page.
  expect(screen.getByRole('status').textContent).toBe('Loading...');
  await act(async () => {
    code.resolve();
    await vi.advanceTimersByTimeAsync(100);
  });
  expect(screen.getByText('the first screen')).toBeTruthy();
  expect(screen.queryByRole('status')).toBeNull();
});
