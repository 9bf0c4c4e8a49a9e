import type { Config } from '../../config';

/**
 * The dev mail viewer exists only where mail is written to DATA_DIR/mail instead of sent (no
 * SMTP_URL) and never with NODE_ENV=production, where mail folders would hold real members'
 * PINs. An unset NODE_ENV (a fresh clone's `npm start`) keeps it: without SMTP no mail reaches
 * anyone, and the viewer is admin-only (admins may already reveal PINs, accounts spec §6).
 */
export function devMailEnabled(config: Pick<Config, 'declaredProduction' | 'smtpUrl'>): boolean {
  return !config.declaredProduction && !config.smtpUrl;
}
