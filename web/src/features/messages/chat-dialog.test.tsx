import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../../domain';
import { toast } from '../../components/ui/toast';
import { createQueryClient } from '../../lib/query-client';
import { setRealtimeClient } from '../realtime/connection';
import { FakeSocket } from '../realtime/fake-socket';
import { RealtimeClient } from '../realtime/realtime-client';
import { setRealtimeConnected } from '../waves/polling';
import { person, waveFixture } from '../waves/test-waves';
import { ChatDialog } from './chat-dialog';
import { enqueueMessage, resetOutboxForTests, useOutbox } from './outbox';

// fetch is the network boundary: the server's answers are stood in for.
type Handler = (path: string, init?: RequestInit) => Response | Promise<Response>;
function serve(handler: Handler) {
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => handler(path, init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const json = (status: number, body: unknown) =>
  new Response(body === null ? '' : JSON.stringify(body), { status });

const message = (id: number, senderId: number, content: string): Message => ({
  id,
  waveId: 10,
  senderId,
  content,
  read: true,
  createdAt: '2030-06-01T09:00:00.000Z',
});

const me = { id: 2, isAdmin: false, isDemoUser: false };
const open = waveFixture({
  status: 'accepted',
  sender: person(1, {
    displayName: 'Jane Smith',
    realName: 'Jane Smith',
    mobileNumber: '+44 7700 900123',
  }),
  flight: {
    id: 5,
    flightNumber: 'BA117 (1530)',
    origin: 'LHR',
    destination: 'JFK',
    departureDate: '2999-06-10T00:00:00.000Z',
  },
});
const departed = waveFixture({
  status: 'accepted',
  flight: { ...open.flight, departureDate: '2020-06-10T00:00:00.000Z' },
});

function renderChat(props: Partial<Parameters<typeof ChatDialog>[0]> = {}) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ChatDialog wave={open} viewer={me} open onOpenChange={vi.fn()} {...props} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  resetOutboxForTests();
  vi.unstubAllGlobals();
});

describe('ChatDialog', () => {
  it('names the other person with their number and shows the flight', async () => {
    serve(() => json(200, []));
    renderChat();
    const dialog = await screen.findByRole('dialog', { name: 'Jane Smith' });
    expect(within(dialog).getByText('+44 7700 900123')).toBeTruthy();
    expect(within(dialog).getByText('BA117')).toBeTruthy();
    expect(within(dialog).getByText('LHR → JFK')).toBeTruthy();
    expect(within(dialog).getByText('Offline')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Delete conversation' })).toBeTruthy();
  });

  it('opens ready to type: focus is in the message box, not on Delete conversation', async () => {
    serve(() => json(200, []));
    renderChat();
    const dialog = await screen.findByRole('dialog', { name: 'Jane Smith' });
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Message' })),
    );
  });

  it('starts on Close when the chat cannot take messages', async () => {
    serve(() => json(200, []));
    renderChat({ wave: departed });
    const dialog = await screen.findByRole('dialog');
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole('button', { name: 'Close chat' }),
      ),
    );
  });

  it('says in its header when the chat closes, in GMT, or just at departure without a time', async () => {
    serve(() => json(200, []));
    renderChat();
    const dialog = await screen.findByRole('dialog', { name: 'Jane Smith' });
    expect(within(dialog).getByText('Chat closes at departure, 15:30 GMT')).toBeTruthy();
    cleanup();
    renderChat({ wave: { ...open, flight: { ...open.flight, flightNumber: 'BA117' } } });
    expect(await screen.findByText('Chat closes at departure')).toBeTruthy();
  });

  it("toasts 'Connection Update' when the wave's status changes while it is open", async () => {
    serve(() => json(200, []));
    const spy = vi.spyOn(toast, 'success');
    const pending = { ...open, status: 'pending' as const };
    const client = createQueryClient();
    const view = (wave: typeof open) => (
      <QueryClientProvider client={client}>
        <ChatDialog wave={wave} viewer={me} open onOpenChange={vi.fn()} />
      </QueryClientProvider>
    );
    const { rerender } = render(view(pending));
    await screen.findByRole('dialog');
    rerender(view(pending)); // the same status again is no news
    expect(spy).not.toHaveBeenCalledWith('Connection Update', expect.anything());
    rerender(view(open));
    expect(spy).toHaveBeenCalledWith('Connection Update', 'Connection status changed to: accepted');
    spy.mockRestore();
  });

  it('shows messages as text in a polite log, with Support on an admin’s', async () => {
    const wave = { ...open, sender: person(1, { isAdmin: true }) };
    serve(() => json(200, [message(1, 1, '<script>alert(1)</script>'), message(2, 2, 'Hi!')]));
    renderChat({ wave });
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(await within(log).findByText('<script>alert(1)</script>')).toBeTruthy();
    expect(log.querySelector('script')).toBeNull();
    expect(within(log).getAllByText('Support')).toHaveLength(1);
    // The Support logo sits beside the label (decorative: the label says it).
    const label = within(log).getByText('Support');
    expect(label.querySelector('img')?.getAttribute('src')).toBe('/icons/icon.svg');
  });

  it("marks only the viewer's newest message 'Message sent', and none once the other replies", async () => {
    serve(() => json(200, [message(1, me.id, 'First'), message(2, me.id, 'Second')]));
    renderChat();
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('Second');
    const sent = within(log).getAllByText('Message sent', { exact: false });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.closest('li')?.textContent).toContain('Second');
    cleanup();
    serve(() => json(200, [message(1, me.id, 'First'), message(2, 1, 'Reply')]));
    renderChat();
    await within(await screen.findByRole('log', { name: 'Messages' })).findByText('Reply');
    expect(screen.queryByText('Message sent', { exact: false })).toBeNull();
  });

  it('shows a queued message once the thread holds it: the stored copy, and the queue lets go of it', async () => {
    const stored = '0b5b2c1e-7d1a-4c56-9a3e-2f1d5e6a7b8c';
    const waiting = '5d0c3a9e-1b2f-4e6d-8a7c-9f0e1d2c3b4a';
    // The first send's answer was lost after the server stored it; the second never left.
    await enqueueMessage(me.id, open.id, 'Written at 35,000 feet', stored);
    await enqueueMessage(me.id, open.id, 'Still on the ground', waiting);
    serve((path, init) =>
      path.endsWith(`/api/messages/${open.id}`) && (init?.method ?? 'GET') === 'GET'
        ? json(200, [{ ...message(1, me.id, 'Written at 35,000 feet'), clientId: stored }])
        : json(200, []),
    );
    renderChat();
    const log = await screen.findByRole('log', { name: 'Messages' });
    // The thread has arrived when the stored copy's time shows.
    await vi.waitFor(() => expect(within(log).queryAllByText(/Jun, \d\d:\d\d$/)).toHaveLength(1));
    expect(within(log).getAllByText('Written at 35,000 feet')).toHaveLength(1);
    expect(within(log).getAllByText('Queued')).toHaveLength(1);
    expect(within(log).getByText('Still on the ground')).toBeTruthy();
    const queue = renderHook(() => useOutbox(open.id));
    await vi.waitFor(() => expect(queue.result.current.map((r) => r.clientId)).toEqual([waiting]));
  });

  it('says the chat has closed after departure, instead of the message box', async () => {
    serve(() => json(200, []));
    renderChat({ wave: departed });
    expect(
      await screen.findByText('This flight has departed. Messaging is no longer available.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Message')).toBeNull();
  });

  it('tells demo users that sending is not available, and offers no delete', async () => {
    serve(() => json(200, []));
    renderChat({ viewer: { ...me, isDemoUser: true } });
    expect(await screen.findByText('Demo mode - Message sending not available')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete conversation' })).toBeNull();
  });

  it('shows a message at once and takes it back when sending fails', async () => {
    let failSend: (response: Response) => void = () => {};
    serve((path, init) => {
      if (init?.method === 'POST' && path === '/api/messages') {
        return new Promise<Response>((resolve) => {
          failSend = resolve;
        });
      }
      return json(200, []);
    });
    renderChat();
    const log = await screen.findByRole('log', { name: 'Messages' });
    const box = screen.getByLabelText('Message');
    fireEvent.change(box, { target: { value: 'See you at the gate' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await within(log).findByText('See you at the gate')).toBeTruthy();
    failSend(json(500, { message: 'Boom' }));
    await vi.waitFor(() => expect(within(log).queryByText('See you at the gate')).toBeNull());
    expect((box as HTMLTextAreaElement).value).toBe('See you at the gate');
  });

  it('posts each message with its own UUID clientId when the socket is down', async () => {
    const bodies: Record<string, unknown>[] = [];
    serve((path, init) => {
      if (init?.method === 'POST' && path === '/api/messages') {
        bodies.push(JSON.parse(String(init.body)));
        return json(201, message(bodies.length, 2, String(bodies.at(-1)?.content)));
      }
      return json(200, []);
    });
    renderChat();
    await screen.findByRole('log', { name: 'Messages' });
    const box = screen.getByLabelText('Message');
    for (const text of ['one', 'two']) {
      fireEvent.change(box, { target: { value: text } });
      fireEvent.keyDown(box, { key: 'Enter' });
      await vi.waitFor(() => expect(bodies.some((b) => b.content === text)).toBe(true));
    }
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(bodies.map((b) => b.clientId)).toEqual([
      expect.stringMatching(uuid),
      expect.stringMatching(uuid),
    ]);
    expect(bodies[0]?.clientId).not.toBe(bodies[1]?.clientId);
  });

  describe('while the real-time channel is connected', () => {
    function connect() {
      const client = new RealtimeClient({
        url: 'ws://test/ws',
        userId: 2,
        createSocket: FakeSocket.create,
        onFrame: () => undefined,
        onConnectedChange: setRealtimeConnected,
      });
      client.start();
      FakeSocket.latest().accept();
      setRealtimeClient(client);
      return { client, socket: FakeSocket.latest() };
    }
    afterEach(() => {
      setRealtimeClient(null);
      setRealtimeConnected(false);
    });

    it('shows Live and sends over the socket, settled by the ack', async () => {
      const fetchMock = serve(() => json(200, []));
      const { socket } = connect();
      renderChat();
      const dialog = await screen.findByRole('dialog', { name: 'Jane Smith' });
      expect(within(dialog).getByText('Live')).toBeTruthy();
      const log = await screen.findByRole('log', { name: 'Messages' });
      const box = screen.getByLabelText('Message');
      fireEvent.change(box, { target: { value: 'Over the socket' } });
      fireEvent.keyDown(box, { key: 'Enter' });
      expect(await within(log).findByText('Sending message...')).toBeTruthy();
      const frame = socket.sentOf('new_message')[0]!;
      expect(frame).toMatchObject({ waveId: 10, content: 'Over the socket' });
      socket.receive({
        type: 'message_ack',
        clientId: frame.clientId,
        data: message(7, 2, 'Over the socket'),
      });
      await vi.waitFor(() => expect(within(log).queryByText('Sending message...')).toBeNull());
      expect(within(log).getByText('Over the socket')).toBeTruthy();
      // The status moves onto the message itself, not into a toast per message.
      expect(within(log).getByText('· Message sent', { exact: false })).toBeTruthy();
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    });

    it.each([
      ['busy', 'The chat is busy. Please try again in a moment.', 'overloaded'],
      // A database outage, as HTTP's 503 'unavailable'.
      [
        'unavailable',
        'The service is briefly unavailable. Please try again in a moment.',
        'unavailable',
      ],
    ])(
      'resends a %s refusal with the same clientId, once acknowledged shows once',
      async (_kind, text, code) => {
        serve(() => json(200, []));
        const { socket } = connect();
        renderChat();
        const log = await screen.findByRole('log', { name: 'Messages' });
        const box = screen.getByLabelText('Message');
        fireEvent.change(box, { target: { value: 'Busy hour' } });
        fireEvent.keyDown(box, { key: 'Enter' });
        await vi.waitFor(() => expect(socket.sentOf('new_message')).toHaveLength(1));
        const { clientId } = socket.sentOf('new_message')[0]!;
        expect(clientId).toMatch(/^[0-9a-f-]{36}$/);
        socket.receive({
          type: 'error',
          clientId,
          message: text,
          code,
        });
        // Still on its way (not taken back), and sent again under the same id after a pause.
        await vi.waitFor(() => expect(socket.sentOf('new_message')).toHaveLength(2), {
          timeout: 3000,
        });
        expect(socket.sentOf('new_message')[1]?.clientId).toBe(clientId);
        expect(within(log).getByText('Busy hour')).toBeTruthy();
        socket.receive({ type: 'message_ack', clientId, data: message(8, 2, 'Busy hour') });
        await vi.waitFor(() => expect(within(log).queryByText('Sending message...')).toBeNull());
        expect(within(log).getAllByText('Busy hour')).toHaveLength(1);
      },
    );

    it('takes the message back when the server refuses it', async () => {
      serve(() => json(200, []));
      const { socket } = connect();
      renderChat();
      const log = await screen.findByRole('log', { name: 'Messages' });
      const box = screen.getByLabelText('Message');
      fireEvent.change(box, { target: { value: 'Too late' } });
      fireEvent.keyDown(box, { key: 'Enter' });
      expect(await within(log).findByText('Too late')).toBeTruthy();
      const { clientId } = socket.sentOf('new_message')[0]!;
      socket.receive({
        type: 'error',
        clientId,
        message: 'This flight has departed. Messaging is no longer available.',
      });
      await vi.waitFor(() => expect(within(log).queryByText('Too late')).toBeNull());
      expect((box as HTMLTextAreaElement).value).toBe('Too late');
    });
  });
});
