import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';
import { preloadRoute } from './routes';

afterEach(cleanup);

function ThePage() {
  return <p>the page</p>;
}

it('loads a page once, whether preloaded, rendered, or both', async () => {
  const load = vi.fn(async () => ({ Page: ThePage }));
  const Page = lazyPage(load, 'Page');
  expect(load).not.toHaveBeenCalled();
  await Page.preload();
  await Page.preload();
  await act(async () => {
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
  });
  expect(await screen.findByText('the page')).toBeTruthy();
  expect(load).toHaveBeenCalledTimes(1);
});

it('asks again after a failed load instead of keeping the failure', async () => {
  const load = vi
    .fn<() => Promise<{ Page: typeof ThePage }>>()
    .mockRejectedValueOnce(new Error('offline'))
    .mockResolvedValue({ Page: ThePage });
  const Page = lazyPage(load, 'Page');
  await expect(Page.preload()).rejects.toThrow('offline');
  await expect(Page.preload()).resolves.toEqual({ Page: ThePage });
  expect(load).toHaveBeenCalledTimes(2);
});

it("preloads every screen on a path's route, layouts included, and nothing for an unknown path", async () => {
  // The member layout, the flights split and Home: each resolves to its loaded module.
  const loaded = (await preloadRoute('/home')) as Record<string, unknown>[];
  expect(loaded.filter(Boolean).flatMap(Object.keys)).toEqual(
    expect.arrayContaining(['MemberLayout', 'FlightsSplit', 'HomePage']),
  );
  // A signed-out-only page keeps its preload under the redirect wrapper.
  const signIn = (await preloadRoute('/passcode')) as Record<string, unknown>[];
  expect(signIn.filter(Boolean).flatMap(Object.keys)).toContain('SignInPage');
  expect((await preloadRoute('/no-such-screen')) as unknown[]).toEqual([undefined]);
});
