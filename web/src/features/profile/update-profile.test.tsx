import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { flightKeys } from '../flights';
import { useUpdateProfile } from './api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ id: 1, role: 'IFM' }), { status: 200 })),
  );
  const client = createQueryClient();
  client.setQueryData(flightKeys.list, []);
  client.setQueryData(flightKeys.detail(5), { id: 5 });
  client.setQueryData(flightKeys.mine, []);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useUpdateProfile(), { wrapper });
  const stale = () =>
    [flightKeys.list, flightKeys.detail(5), flightKeys.mine].map(
      (key) => client.getQueryState(key)?.isInvalidated,
    );
  return { result, stale };
}

describe('useUpdateProfile', () => {
  it('refreshes every flight listing after a change of rank (spec flights §4)', async () => {
    const { result, stale } = setup();
    await act(() => result.current.mutateAsync({ role: 'IFM' }));
    expect(stale()).toEqual([true, true, true]);
  });

  it('leaves flight listings alone when the rank is not part of the change', async () => {
    const { result, stale } = setup();
    await act(() => result.current.mutateAsync({ nickname: 'Vee' }));
    expect(stale()).toEqual([false, false, false]);
  });
});
