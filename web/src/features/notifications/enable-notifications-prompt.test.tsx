import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BLOCKED_HELP, EnableNotificationsPrompt } from './enable-notifications-prompt';

/** A browser whose permission question answers `answer` (and then reports it). */
function stubNotification(answer: NotificationPermission) {
  const fake = {
    permission: 'default' as NotificationPermission,
    requestPermission: vi.fn(async () => {
      fake.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal('Notification', fake);
  return fake;
}

const prompt = () => screen.queryByRole('complementary', { name: 'Notifications' });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EnableNotificationsPrompt', () => {
  it('is one short line with its button while the choice is open', () => {
    stubNotification('granted');
    render(<EnableNotificationsPrompt />);
    expect(prompt()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Enable notifications' }).textContent).toBe('Enable');
  });

  it("stays away after 'Not now', on later visits too", () => {
    stubNotification('granted');
    const first = render(<EnableNotificationsPrompt />);
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(prompt()).toBeNull();
    first.unmount();
    render(<EnableNotificationsPrompt />);
    expect(prompt()).toBeNull();
  });

  it('calls onGranted once when allowed, then never shows again', async () => {
    const browser = stubNotification('granted');
    const onGranted = vi.fn();
    const first = render(<EnableNotificationsPrompt onGranted={onGranted} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Enable notifications' }));
    });
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(onGranted).toHaveBeenCalledTimes(1);
    expect(prompt()).toBeNull();
    first.unmount();
    // Even if the browser forgets the answer (permission reset), the prompt was shown once.
    browser.permission = 'default';
    render(<EnableNotificationsPrompt onGranted={onGranted} />);
    expect(prompt()).toBeNull();
  });

  it('says how to turn notifications on when the browser refuses, and is not shown again', async () => {
    stubNotification('denied');
    const onGranted = vi.fn();
    const first = render(<EnableNotificationsPrompt onGranted={onGranted} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Enable notifications' }));
    });
    expect(onGranted).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe(BLOCKED_HELP);
    expect(BLOCKED_HELP).toMatch(/browser settings/);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(prompt()).toBeNull();
    first.unmount();
    render(<EnableNotificationsPrompt />);
    expect(prompt()).toBeNull();
  });

  it('keeps asking when the browser question is closed without an answer', async () => {
    stubNotification('default');
    render(<EnableNotificationsPrompt />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Enable notifications' }));
    });
    expect(screen.getByRole('button', { name: 'Enable notifications' })).toBeTruthy();
  });
});
