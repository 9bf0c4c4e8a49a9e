import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';
import { useSingleFlightMutation } from './use-single-flight-mutation';

afterEach(cleanup);

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

describe('useSingleFlightMutation', () => {
  it('ignores a second call made in the same tick as the first, callbacks included', async () => {
    const reply = deferred<string>();
    const send = vi.fn((_: number) => reply.promise);
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useSingleFlightMutation({ mutationFn: send, onSuccess }), {
      wrapper,
    });
    await act(async () => {
      result.current.mutate(1);
      result.current.mutate(1);
    });
    expect(send).toHaveBeenCalledTimes(1);
    await act(async () => reply.resolve('ok'));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('lets the next call through once the first has settled, even after a failure', async () => {
    const send = vi.fn(async (n: number) => {
      if (n === 1) throw new Error('no');
      return n;
    });
    const { result } = renderHook(() => useSingleFlightMutation({ mutationFn: send }), {
      wrapper,
    });
    await act(async () => {
      await result.current.mutateAsync(1).catch(() => undefined);
    });
    await act(async () => {
      await result.current.mutateAsync(2);
    });
    expect(send.mock.calls.map(([n]) => n)).toEqual([1, 2]);
  });

  it('keeps calls with different flight keys independent', async () => {
    const send = vi.fn((_: number) => new Promise<void>(() => {}));
    const { result } = renderHook(
      () => useSingleFlightMutation({ mutationFn: send, flightKey: (id: number) => id }),
      { wrapper },
    );
    await act(async () => {
      result.current.mutate(1);
      result.current.mutate(2);
      result.current.mutate(1);
    });
    expect(send.mock.calls.map(([n]) => n)).toEqual([1, 2]);
  });

  it('with keepAfterSuccess, a call that succeeded is not made again; one that failed may be', async () => {
    const send = vi.fn(async (n: number) => {
      if (n === 2) throw new Error('no');
      return n;
    });
    const { result } = renderHook(
      () =>
        useSingleFlightMutation({
          mutationFn: send,
          flightKey: (id: number) => id,
          keepAfterSuccess: true,
        }),
      { wrapper },
    );
    // The second tap of a double tap arriving after the first answer.
    await act(async () => {
      await result.current.mutateAsync(1);
    });
    await act(async () => {
      result.current.mutate(1);
    });
    await act(async () => {
      await result.current.mutateAsync(2).catch(() => undefined);
    });
    await act(async () => {
      await result.current.mutateAsync(2).catch(() => undefined);
    });
    expect(send.mock.calls.map(([n]) => n)).toEqual([1, 2, 2]);
  });
});
