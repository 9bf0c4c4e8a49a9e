import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { BlockMemberButton } from './block-member-button';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('BlockMemberButton', () => {
  it('asks first, then blocks the member and reports back', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response('{"success":true}', { headers: { 'content-type': 'application/json' } }),
      );
    const onBlocked = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <BlockMemberButton userId={7} name="Zeb" onBlocked={onBlocked} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Block Zeb' }));
    expect(screen.getByRole('dialog', { name: 'Block Zeb?' })).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(onBlocked).toHaveBeenCalled());
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(String(url)).toContain('/api/users/7/block');
    expect(init?.method).toBe('POST');
  });
});
