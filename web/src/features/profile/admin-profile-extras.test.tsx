import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_PICTURE_FAILED, PROFILE_PICTURE_MAX_BYTES } from '../../../../domain';
import { Toaster } from '../../components/ui/toast';
import { createQueryClient } from '../../lib/query-client';
import { stubServer } from '../../test/stub-server';
import { shownToast } from '../../test/toasts';
import { ProfilePictureButton, TelegramCard } from './admin-profile-extras';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const file = (signature: number[], type: string, size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set(signature);
  return new File([bytes], 'me', { type });
};

function renderWithClient(ui: React.ReactNode) {
  const client = createQueryClient();
  return render(
    <QueryClientProvider client={client}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
}

async function pick(chosen: File) {
  fireEvent.click(screen.getByRole('button', { name: 'Update profile picture' }));
  const input = screen.getByLabelText('Picture');
  await act(async () => {
    fireEvent.change(input, { target: { files: [chosen] } });
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Update profile picture', () => {
  it.each([
    ['a PNG named as a GIF', file(PNG, 'image/gif')],
    [
      'an SVG',
      new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'x.svg', { type: 'image/svg+xml' }),
    ],
    ['a PNG over 2 MB', file(PNG, 'image/png', PROFILE_PICTURE_MAX_BYTES + 1)],
  ])('refuses %s before any upload, with the spec text', async (_name, chosen) => {
    const { calls } = stubServer({});
    renderWithClient(<ProfilePictureButton />);
    await pick(chosen);
    expect((await screen.findByRole('alert')).textContent).toBe(PROFILE_PICTURE_FAILED);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toEqual([]);
  });

  it('previews a good picture, PUTs its data URL and says Profile Updated', async () => {
    const { calls } = stubServer({
      'PUT /api/users/me/profile-picture': {
        body: { profilePictureUrl: '/api/users/1/profile-picture?v=abc' },
      },
    });
    renderWithClient(<ProfilePictureButton />);
    await pick(file(PNG, 'image/png'));
    const preview = await screen.findByRole('img', { name: 'Preview: your new avatar' });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await shownToast('Profile Updated')).toMatchObject({
      type: 'success',
      description: expect.any(String),
    });
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: '/api/users/me/profile-picture',
        body: { profilePictureUrl: preview.getAttribute('src') },
      },
    ]);
  });

  it("shows the server's refusal", async () => {
    stubServer({
      'PUT /api/users/me/profile-picture': {
        status: 400,
        body: { message: PROFILE_PICTURE_FAILED },
      },
    });
    renderWithClient(<ProfilePictureButton />);
    await pick(file(PNG, 'image/png'));
    await screen.findByRole('img', { name: 'Preview: your new avatar' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await shownToast('Update Failed')).toMatchObject({
      type: 'error',
      description: PROFILE_PICTURE_FAILED,
    });
  });
});

describe('Telegram notifications', () => {
  it('links to the bot when enabled', async () => {
    stubServer({
      'GET /api/admin/telegram': { body: { enabled: true, botLink: 'https://t.me/JumpseatBot' } },
    });
    renderWithClient(<TelegramCard />);
    const link = await screen.findByRole('link', { name: 'Open the bot' });
    expect(link.getAttribute('href')).toBe('https://t.me/JumpseatBot');
  });

  it("says 'Not configured' without a bot", async () => {
    stubServer({ 'GET /api/admin/telegram': { body: { enabled: false, botLink: null } } });
    renderWithClient(<TelegramCard />);
    expect((await screen.findByText('Not configured')).tagName).toBe('SPAN');
  });
});
