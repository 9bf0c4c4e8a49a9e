/**
 * Every mail we send, as plain text and HTML. Values are escaped for HTML; nothing a member
 * typed ever reaches a header (subjects are fixed, recipients are validated addresses).
 */
import type { CheckoutPurpose } from '../../domain';

export type MailContent = { subject: string; text: string; html: string };

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function layout(paragraphs: string[], footer = 'The Jumpseat team'): string {
  const body = paragraphs.map((p) => `<p>${p}</p>`).join('\n');
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">${body}<p style="color:#64748b">${footer}</p></body></html>`;
}

const greeting = (name: string | null) => `Hello ${name?.trim() ? name.trim() : 'there'},`;

export function approvalMail(name: string | null, pin: string, signInUrl: string): MailContent {
  return {
    subject: 'Your Jumpseat account is approved',
    text: `${greeting(name)}\n\nYour Jumpseat account has been approved.\n\nYour Jumpseat PIN is ${pin}\n\nSign in with your work e-mail and this PIN: ${signInUrl}\n\nThe Jumpseat team\n`,
    html: layout([
      escapeHtml(greeting(name)),
      'Your Jumpseat account has been approved.',
      `Your Jumpseat PIN is <strong style="font-size:1.5em;letter-spacing:0.2em">${pin}</strong>`,
      `Sign in with your work e-mail and this PIN: <a href="${escapeHtml(signInUrl)}">${escapeHtml(signInUrl)}</a>`,
    ]),
  };
}

export function rejectionMail(name: string | null, reason: string | null): MailContent {
  const why = reason?.trim() ? `Reason: ${reason.trim()}` : 'No reason was given.';
  return {
    subject: 'Your Jumpseat registration',
    text: `${greeting(name)}\n\nWe could not approve your Jumpseat registration.\n${why}\n\nIf you think this is a mistake, reply to this e-mail.\n\nThe Jumpseat team\n`,
    html: layout([
      escapeHtml(greeting(name)),
      'We could not approve your Jumpseat registration.',
      escapeHtml(why),
      'If you think this is a mistake, reply to this e-mail.',
    ]),
  };
}

export function resetLinkMail(name: string | null, url: string): MailContent {
  return {
    subject: 'Reset your Jumpseat PIN',
    text: `${greeting(name)}\n\nSomeone asked to reset the PIN of your Jumpseat account. Open this link within 30 minutes to get a new PIN:\n${url}\n\nIf it was not you, ignore this e-mail: your PIN stays the same.\n\nThe Jumpseat team\n`,
    html: layout([
      escapeHtml(greeting(name)),
      'Someone asked to reset the PIN of your Jumpseat account. Open this link within 30 minutes to get a new PIN:',
      `<a href="${escapeHtml(url)}">Get a new PIN</a>`,
      'If it was not you, ignore this e-mail: your PIN stays the same.',
    ]),
  };
}

export function newPinMail(name: string | null, pin: string): MailContent {
  return {
    subject: 'Your new Jumpseat PIN',
    text: `${greeting(name)}\n\nYour Jumpseat PIN has been reset.\n\nYour Jumpseat PIN is ${pin}\n\nThe Jumpseat team\n`,
    html: layout([
      escapeHtml(greeting(name)),
      'Your Jumpseat PIN has been reset.',
      `Your Jumpseat PIN is <strong>${pin}</strong>`,
    ]),
  };
}

export function pinChangedByAdminMail(name: string | null, pin: string): MailContent {
  return {
    subject: 'Your Jumpseat PIN was changed',
    text: `${greeting(name)}\n\nAn administrator changed your Jumpseat PIN.\n\nYour Jumpseat PIN is ${pin}\n\nThe Jumpseat team\n`,
    html: layout([
      escapeHtml(greeting(name)),
      'An administrator changed your Jumpseat PIN.',
      `Your Jumpseat PIN is <strong>${pin}</strong>`,
    ]),
  };
}

export function accountLockedMail(name: string | null, url: string): MailContent {
  return {
    subject: 'Your Jumpseat account was locked',
    text: `${greeting(name)}\n\nSomeone tried to sign in to your Jumpseat account with too many wrong PINs, so we locked it.\n\nOpen this link within 30 minutes to get a new PIN, which unlocks your account:\n${url}\n\nIf the link has expired, use "Forgot passcode" on the sign-in page.\n\nThe Jumpseat team\n`,
    html: layout([
      escapeHtml(greeting(name)),
      'Someone tried to sign in to your Jumpseat account with too many wrong PINs, so we locked it.',
      `Open this link within 30 minutes to get a new PIN, which unlocks your account: <a href="${escapeHtml(url)}">Get a new PIN</a>`,
      'If the link has expired, use "Forgot passcode" on the sign-in page.',
    ]),
  };
}

export function pinChangedMail(name: string | null): MailContent {
  return {
    subject: 'Your Jumpseat PIN was changed',
    text: `${greeting(name)}\n\nThe PIN of your Jumpseat account was just changed, and every other device was signed out.\n\nIf this was not you, use "Forgot passcode" on the sign-in page at once to get a new PIN.\n\nThe Jumpseat team\n`,
    html: layout([
      escapeHtml(greeting(name)),
      'The PIN of your Jumpseat account was just changed, and every other device was signed out.',
      'If this was not you, use "Forgot passcode" on the sign-in page at once to get a new PIN.',
    ]),
  };
}

/**
 * EXPIRY_REMINDER_DAYS before a membership or a trial ends. A paid subscription that renews by
 * itself is extended by its payment, so the mail says there is then nothing to do.
 */
export function expiryReminderMail(
  name: string | null,
  kind: 'trial' | 'membership',
  endsAt: Date,
  actionUrl: string,
): MailContent {
  const day = endsAt.toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const lines =
    kind === 'trial'
      ? {
          subject: 'Your Jumpseat trial ends soon',
          ends: `Your free Jumpseat trial ends on ${day}.`,
          action:
            'Choose a monthly or yearly membership to keep your access (your PIN stays the same):',
          link: 'Upgrade now',
        }
      : {
          subject: 'Your Jumpseat membership ends soon',
          ends: `Your Jumpseat membership ends on ${day}. If your subscription renews automatically, there is nothing to do.`,
          action: 'Otherwise, renew to keep your access:',
          link: 'Renew membership',
        };
  return {
    subject: lines.subject,
    text: `${greeting(name)}\n\n${lines.ends}\n\n${lines.action}\n${actionUrl}\n\nThe Jumpseat team\n`,
    html: layout([
      escapeHtml(greeting(name)),
      escapeHtml(lines.ends),
      `${escapeHtml(lines.action)} <a href="${escapeHtml(actionUrl)}">${lines.link}</a>`,
    ]),
  };
}

/** An account an admin added: it is ready at once, so the mail carries the PIN (as approval's). */
export function accountCreatedMail(
  name: string | null,
  pin: string,
  signInUrl: string,
): MailContent {
  return {
    subject: 'Your Jumpseat account is ready',
    text: `${greeting(name)}\n\nAn administrator created your Jumpseat account.\n\nYour Jumpseat PIN is ${pin}\n\nSign in with your work e-mail and this PIN: ${signInUrl}\n\nThe Jumpseat team\n`,
    html: layout([
      escapeHtml(greeting(name)),
      'An administrator created your Jumpseat account.',
      `Your Jumpseat PIN is <strong style="font-size:1.5em;letter-spacing:0.2em">${pin}</strong>`,
      `Sign in with your work e-mail and this PIN: <a href="${escapeHtml(signInUrl)}">${escapeHtml(signInUrl)}</a>`,
    ]),
  };
}

/**
 * A delayed payment method (e.g. a bank debit) failed after its checkout: nothing was charged,
 * and the member is as they were. `retryUrl` is where they start again.
 */
export function paymentFailedMail(
  name: string | null,
  purpose: CheckoutPurpose,
  retryUrl: string,
): MailContent {
  const what = {
    registration: 'your Jumpseat registration',
    renewal: 'renewing your Jumpseat membership',
    conversion: 'your Jumpseat membership',
  }[purpose];
  const failed = `Your payment for ${what} did not go through, so nothing was charged and nothing has changed.`;
  const action = 'You can try again with another payment method:';
  return {
    subject: 'Your Jumpseat payment did not go through',
    text: `${greeting(name)}\n\n${failed}\n\n${action}\n${retryUrl}\n\nThe Jumpseat team\n`,
    html: layout([
      escapeHtml(greeting(name)),
      escapeHtml(failed),
      `${escapeHtml(action)} <a href="${escapeHtml(retryUrl)}">Try again</a>`,
    ]),
  };
}
