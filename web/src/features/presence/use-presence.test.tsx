import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRealtimeClient } from '../realtime/connection';
import { FakeSocket } from '../realtime/fake-socket';
import { RealtimeClient } from '../realtime/realtime-client';
import { announceOnline, HEARTBEAT_MS, markSignedOut, usePresence } from './use-presence';

type Sent = { url: string; body: unknown };

describe('usePresence', () => {
  let sent: Sent[];
  let beacons: { url: string; body: string }[];
  let visibility: DocumentVisibilityState;

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    beacons = [];
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({ url, body: JSON.parse(String(init.body)) });
        return new Response('{"success":true}', { status: 200 });
      }),
    );
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, body: string) => {
        beacons.push({ url, body });
        return true;
      },
    });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const states = () => sent.map((s) => (s.body as { isOnline: boolean }).isOnline);
  const setVisibility = (next: DocumentVisibilityState) => {
    visibility = next;
    document.dispatchEvent(new Event('visibilitychange'));
  };

  it('is online on load and beats every 30 s while visible', () => {
    renderHook(() => usePresence());
    expect(sent[0]).toEqual({ url: '/api/users/online-status', body: { isOnline: true } });
    vi.advanceTimersByTime(HEARTBEAT_MS * 3);
    expect(states()).toEqual([true, true, true, true]);
  });

  it("takes the boot's announcement as its first beat, and beats on schedule after it", async () => {
    await announceOnline();
    expect(states()).toEqual([true]);
    renderHook(() => usePresence());
    expect(states()).toEqual([true]);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(states()).toEqual([true, true]);
    // Taken once: a later mount beats at once again.
    cleanup();
    sent = [];
    renderHook(() => usePresence());
    expect(states()).toEqual([true]);
  });

  it('beats on mount when the announcement failed', async () => {
    vi.mocked(fetch).mockImplementationOnce(async (url, init) => {
      sent.push({ url: String(url), body: JSON.parse(String(init?.body)) });
      return new Response('{"error":"down"}', { status: 503 });
    });
    await announceOnline();
    renderHook(() => usePresence());
    expect(states()).toEqual([true, true]);
  });

  it('beats on mount when the announcement is a heartbeat old', async () => {
    await announceOnline();
    vi.advanceTimersByTime(HEARTBEAT_MS);
    renderHook(() => usePresence());
    expect(states()).toEqual([true, true]);
  });

  it('pauses while hidden and beats at once when visible again', () => {
    renderHook(() => usePresence());
    setVisibility('hidden');
    vi.advanceTimersByTime(HEARTBEAT_MS * 5);
    expect(states()).toEqual([true]);
    setVisibility('visible');
    expect(states()).toEqual([true, true]);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(states()).toEqual([true, true, true]);
  });

  it('sends a beacon on page unload and goes offline on unmount', () => {
    const { unmount } = renderHook(() => usePresence());
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons).toEqual([
      { url: '/api/users/online-status', body: JSON.stringify({ isOnline: false }) },
    ]);
    unmount();
    expect(states()).toEqual([true, false]);
    vi.advanceTimersByTime(HEARTBEAT_MS * 2);
    expect(states()).toEqual([true, false]);
  });

  it('says nothing more once the member signed out on purpose', () => {
    const { unmount } = renderHook(() => usePresence());
    markSignedOut();
    window.dispatchEvent(new Event('pagehide'));
    unmount();
    expect(beacons).toEqual([]);
    expect(states()).toEqual([true]);
  });

  it('beats over the socket while it is connected, and by HTTP while it is down', () => {
    const client = new RealtimeClient({
      url: 'ws://test/ws',
      userId: 1,
      createSocket: FakeSocket.create,
      onFrame: () => undefined,
      onConnectedChange: () => undefined,
    });
    client.start();
    const socket = FakeSocket.latest();
    socket.accept();
    setRealtimeClient(client);
    try {
      renderHook(() => usePresence());
      vi.advanceTimersByTime(HEARTBEAT_MS * 2);
      expect(states()).toEqual([]);
      expect(socket.sentOf('heartbeat')).toHaveLength(3);

      socket.drop();
      vi.advanceTimersByTime(HEARTBEAT_MS);
      expect(states()).toEqual([true]);
    } finally {
      client.stop();
      setRealtimeClient(null);
    }
  });
});
