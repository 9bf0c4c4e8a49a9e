import { describe, expect, it } from 'vitest';
import { startupLines } from './startup-lines';

const base = { url: 'http://localhost:5000', databaseKind: 'pglite', payments: 'local' as const };
const files = { smtp: false as const, dir: '/data/mail', viewer: 'http://localhost:5000/dev/mail' };

describe('startupLines', () => {
  it('names the URL first, then the configured admin and the mail folder with its viewer', () => {
    expect(
      startupLines({ ...base, admin: { kind: 'configured', email: 'admin@ba.com' }, mail: files }),
    ).toEqual([
      'Jumpseat is running: open http://localhost:5000 (database: pglite)',
      'Sign in as the admin: admin@ba.com with the PIN in ADMIN_PASSCODE',
      'Mail (PINs, reset links) is not sent: it is written to /data/mail as .eml files; read it at http://localhost:5000/dev/mail',
      'Plans are sold through the local checkout: no money is taken (set STRIPE_SECRET_KEY to sell through Stripe).',
    ]);
  });

  it('repeats a new admin PIN, says where an existing one came from, and names SMTP', () => {
    const created = startupLines({
      ...base,
      admin: { kind: 'created', email: 'admin@ba.com', pin: '4821' },
      mail: { smtp: true },
    });
    expect(created[1]).toContain('admin@ba.com with PIN 4821');
    expect(created[2]).toBe('Mail is sent through SMTP_URL.');
    const existing = startupLines({
      ...base,
      admin: { kind: 'existing' },
      mail: { ...files, viewer: null },
    });
    expect(existing[1]).toContain('ADMIN_EMAIL and ADMIN_PASSCODE');
    expect(existing[2]).not.toContain('/dev/mail');
  });

  it('says whether Stripe or the local checkout sells the plans', () => {
    const admin = { kind: 'configured' as const, email: 'admin@ba.com' };
    expect(startupLines({ ...base, admin, mail: files, payments: 'stripe' }).at(-1)).toBe(
      'Plans are sold through Stripe (STRIPE_SECRET_KEY).',
    );
    expect(startupLines({ ...base, admin, mail: files }).at(-1)).toMatch(
      /^Plans are sold through the local checkout: no money is taken/,
    );
  });
});
