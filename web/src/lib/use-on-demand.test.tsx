import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once';
import { useOnDemand } from './use-on-demand';

function deferredLoader<M>() {
  const calls: { resolve: (m: M) => void; reject: (e: Error) => void }[] = [];
  const raw = vi.fn(
    () =>
      new Promise<M>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return { load: loadOnce(raw), raw, calls };
}

describe('useOnDemand', () => {
  it('loads nothing until wanted, then gives the module', async () => {
    const { load, raw, calls } = deferredLoader<{ name: string }>();
    const { result, rerender } = renderHook(({ wanted }) => useOnDemand(load, wanted, () => {}), {
      initialProps: { wanted: false },
    });
    expect(raw).not.toHaveBeenCalled();
    rerender({ wanted: true });
    expect(raw).toHaveBeenCalledTimes(1);
    expect(result.current).toBeNull();
    await act(async () => calls[0]!.resolve({ name: 'dialog' }));
    expect(result.current).toEqual({ name: 'dialog' });
  });

  it('has a module already loaded at once, on a later mount, without asking again', async () => {
    const { load, raw, calls } = deferredLoader<{ name: string }>();
    const first = renderHook(() => useOnDemand(load, true, () => {}));
    await act(async () => calls[0]!.resolve({ name: 'dialog' }));
    expect(first.result.current).not.toBeNull();
    const second = renderHook(() => useOnDemand(load, false, () => {}));
    expect(second.result.current).toEqual({ name: 'dialog' });
    expect(raw).toHaveBeenCalledTimes(1);
  });

  it('reports a failed load and asks again the next time it is wanted', async () => {
    const { load, raw, calls } = deferredLoader<{ name: string }>();
    const onError = vi.fn();
    const { result, rerender } = renderHook(({ wanted }) => useOnDemand(load, wanted, onError), {
      initialProps: { wanted: true },
    });
    await act(async () => calls[0]!.reject(new Error('offline')));
    expect(onError).toHaveBeenCalledTimes(1);
    expect(result.current).toBeNull();
    rerender({ wanted: false });
    rerender({ wanted: true });
    expect(raw).toHaveBeenCalledTimes(2);
    await act(async () => calls[1]!.resolve({ name: 'dialog' }));
    await waitFor(() => expect(result.current).toEqual({ name: 'dialog' }));
  });
});
