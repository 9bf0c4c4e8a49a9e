import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toast';
import { aFlightListItem } from '../../test/flights';
import { signedInClient } from '../../test/session';
import { type Answer, ok, stubServer } from '../../test/stub-server';
import { shownToast, shownToasts } from '../../test/toasts';
import { ManualFlightForm } from './manual-flight-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function addBA117(answer: Answer) {
  const server = stubServer({ 'POST /api/flights': answer });
  render(
    <QueryClientProvider client={signedInClient()}>
      <MemoryRouter>
        <ManualFlightForm viewer={{ id: 1, isAdmin: false, isDemoUser: false, role: 'IFM' }} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByLabelText('Flight number'), { target: { value: 'BA117' } });
  fireEvent.change(screen.getByLabelText('Flight date'), { target: { value: '2999-06-10' } });
  fireEvent.change(screen.getByLabelText('Destination'), { target: { value: 'JFK' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add Flight' }));
  return server;
}

describe('manual add: the spec’s texts (flights spec §8)', () => {
  it("says 'Flight added successfully' once the flight is added", async () => {
    const server = addBA117(ok(aFlightListItem({ isJoined: true })));
    expect(await shownToast('Flight added successfully')).toMatchObject({
      type: 'success',
      description: "You've been added to the flight",
    });
    expect(server.writes()).toHaveLength(1);
    expect((await shownToasts()).filter((t) => t.type === 'error')).toEqual([]);
  });

  it("says 'Failed to add flight' with the reason when the server fails", async () => {
    addBA117({ status: 500, body: { message: 'Something went wrong. Please try again.' } });
    expect(await shownToast('Failed to add flight')).toMatchObject({
      type: 'error',
      description: 'Something went wrong. Please try again.',
    });
    expect((await shownToasts()).filter((t) => t.type === 'success')).toEqual([]);
  });

  it("a server fault's reason is no title, even with a colon: 'Failed to add flight'", async () => {
    addBA117({ status: 502, body: { message: 'Bad Gateway: upstream timed out' } });
    expect(await shownToast('Failed to add flight')).toMatchObject({
      type: 'error',
      description: 'Bad Gateway: upstream timed out',
    });
  });

  it('keeps a titled refusal as its own title', async () => {
    addBA117({
      status: 409,
      body: { message: 'Different Destination: BA117 on that day is listed to BOS.' },
    });
    expect(await shownToast('Different Destination')).toMatchObject({
      type: 'error',
      description: 'BA117 on that day is listed to BOS.',
    });
  });
});
