import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '../../../domain';
import { lazyPage } from './lazy-page';
import { preloadRoute } from './routes';

afterEach(cleanup);

/** The names exported by the modules a preload resolved to (a layout may load two). */
const moduleNames = (loaded: unknown) =>
  [loaded].flat(3).flatMap((module) => (module ? Object.keys(module) : []));

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

const signedIn = (on: boolean) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the hint is a cookie the page reads
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; Path=/${on ? '' : '; Max-Age=0'}`;
};
afterEach(() => signedIn(false));

it("preloads every screen on a path's route, layouts included, and nothing for an unknown path", async () => {
  signedIn(true);
  // The member layout, the flights split and Home: each resolves to its loaded module.
  expect(moduleNames(await preloadRoute('/home'))).toEqual(
    expect.arrayContaining(['MemberLayout', 'FlightsSplit', 'HomePage']),
  );
  // A signed-out-only page keeps its preload under the redirect wrapper.
  expect(moduleNames(await preloadRoute('/passcode'))).toContain('SignInPage');
  // A nested path is its own screen, not its parent's.
  const edit = moduleNames(await preloadRoute('/profile/edit'));
  expect(edit).toContain('EditProfilePage');
  expect(edit).not.toContain('ProfilePage');
  // The landing and the not-found page come with the entry: nothing to load.
  expect(moduleNames(await preloadRoute('/'))).toEqual([]);
  expect(moduleNames(await preloadRoute('/no-such-screen'))).toEqual([]);
});

it("loads no member screen's code in a browser that has not signed in: it is sent to the landing", async () => {
  expect(moduleNames(await preloadRoute('/home'))).toEqual([]);
  expect(moduleNames(await preloadRoute('/flight/7'))).toEqual([]);
  expect(moduleNames(await preloadRoute('/messages'))).toEqual([]);
  // Public screens load as before.
  expect(moduleNames(await preloadRoute('/passcode'))).toContain('SignInPage');
  signedIn(true);
  expect(moduleNames(await preloadRoute('/messages'))).toContain('MessagesPage');
});

it("preloads Home's list with a flight's detail at desk width only, where the two share the screen", async () => {
  signedIn(true);
  const loadedOn = async (desk: boolean) => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: desk, media: query }));
    try {
      return moduleNames(await preloadRoute('/flight/7'));
    } finally {
      vi.unstubAllGlobals();
    }
  };
  expect(await loadedOn(true)).toEqual(
    expect.arrayContaining(['FlightsSplit', 'FlightDetailPage', 'HomePage']),
  );
  const phone = await loadedOn(false);
  expect(phone).toEqual(expect.arrayContaining(['FlightsSplit', 'FlightDetailPage']));
  expect(phone).not.toContain('HomePage');
});

describe("the first screen's data, fetched beside its code", () => {
  let calls: string[];
  beforeEach(() => {
    calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        return new Response(url === '/api/flights/7' ? '{"id":7}' : '[]', {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("marks the member online first, then fills Home's reads into the cache", async () => {
    signedIn(true);
    const client = new QueryClient();
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const fetchOthers = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (url, init) => {
      if (String(url) !== '/api/users/online-status') return fetchOthers(url, init);
      calls.push('POST /api/users/online-status');
      await answered;
      return new Response('{"success":true,"isOnline":true}', { status: 200 });
    });
    const preloaded = preloadRoute('/home', client);
    await vi.waitFor(() => expect(calls).toEqual(['POST /api/users/online-status']));
    // The online counters are read only once the member is counted in them: a bounded
    // "nothing arrives" window (a slow machine can only make it pass less often, never wrongly).
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(1);
    answer();
    await preloaded;
    expect(calls.slice(1).sort()).toEqual([
      'GET /api/flights',
      'GET /api/flights/stats',
      'GET /api/users/stats',
      'GET /api/waves',
    ]);
    expect(client.getQueryData(['flights', 'list'])).toEqual([]);
  });

  it("fetches a flight's detail by the path's id, and nothing for a path that is no id", async () => {
    signedIn(true);
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    const client = new QueryClient();
    await preloadRoute('/flight/7', client);
    expect(calls).toEqual(['POST /api/users/online-status', 'GET /api/flights/7']);
    expect(client.getQueryData(['flights', 'detail', 7])).toEqual({ id: 7 });
    calls = [];
    await preloadRoute('/flight/abc', new QueryClient());
    expect(calls).toEqual(['POST /api/users/online-status']);
  });

  it("at desk width reads a flight's detail beside Home's list, not after it", async () => {
    signedIn(true);
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query }));
    let answerList = () => {};
    const listAnswered = new Promise<void>((resolve) => {
      answerList = resolve;
    });
    const fetchOthers = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (url, init) => {
      if (String(url) === '/api/flights') await listAnswered;
      return fetchOthers(url, init);
    });
    const client = new QueryClient();
    const preloaded = preloadRoute('/flight/7', client);
    // Home's list is held unanswered: the detail is asked for all the same.
    await vi.waitFor(() => expect(calls).toContain('GET /api/flights/7'));
    expect(calls[0]).toBe('POST /api/users/online-status');
    answerList();
    await preloaded;
    expect(client.getQueryData(['flights', 'detail', 7])).toEqual({ id: 7 });
    expect(client.getQueryData(['flights', 'list'])).toEqual([]);
  });

  it('fetches nothing for a visitor, nor for a public screen', async () => {
    await preloadRoute('/home', new QueryClient());
    await preloadRoute('/passcode', new QueryClient());
    expect(calls).toEqual([]);
  });

  it('resolves when a read fails: the screen asks again as it mounts', async () => {
    signedIn(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"down"}', { status: 500 })),
    );
    const client = new QueryClient();
    await expect(preloadRoute('/messages', client)).resolves.toBeDefined();
    expect(client.getQueryState(['waves', 'list'])?.status).toBe('error');
  });
});
