import type { BootstrapAdmin } from './modules/admin/bootstrap-admin';

/**
 * The lines `npm start` ends with: where the app is, how to sign in as the admin and where the
 * mail goes, and who sells the plans — what a newcomer (or an operator) needs to get in within a minute, kept last so request logs and
 * warnings do not bury them.
 */
export function startupLines({
  url,
  databaseKind,
  admin,
  mail,
  payments,
}: {
  url: string;
  databaseKind: string;
  admin: BootstrapAdmin;
  mail: { smtp: true } | { smtp: false; dir: string; viewer: string | null };
  /** Who sells the plans: Stripe (STRIPE_SECRET_KEY) or the local checkout, which takes no money. */
  payments: 'stripe' | 'local';
}): string[] {
  const lines = [`Jumpseat is running: open ${url} (database: ${databaseKind})`];
  if (admin.kind === 'configured') {
    lines.push(`Sign in as the admin: ${admin.email} with the PIN in ADMIN_PASSCODE`);
  } else if (admin.kind === 'created') {
    lines.push(
      `Sign in as the admin: ${admin.email} with PIN ${admin.pin} (shown at this first start only; change it after signing in)`,
    );
  } else {
    lines.push(
      'Sign in as the admin: the admin created at the first start (its PIN was printed then), or set ADMIN_EMAIL and ADMIN_PASSCODE and restart',
    );
  }
  if (mail.smtp) {
    lines.push('Mail is sent through SMTP_URL.');
  } else {
    lines.push(
      `Mail (PINs, reset links) is not sent: it is written to ${mail.dir} as .eml files${
        mail.viewer ? `; read it at ${mail.viewer}` : ''
      }`,
    );
  }
  lines.push(
    payments === 'stripe'
      ? 'Plans are sold through Stripe (STRIPE_SECRET_KEY).'
      : 'Plans are sold through the local checkout: no money is taken (set STRIPE_SECRET_KEY to sell through Stripe).',
  );
  return lines;
}
