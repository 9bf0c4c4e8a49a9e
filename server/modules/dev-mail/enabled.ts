import type { Config } from '../../config';

/**
 * The dev mail viewer exists only where mail is written to DATA_DIR/mail instead of sent (no
 * SMTP_URL) and never in production, where mail folders would hold real members' PINs.
 */
export function devMailEnabled(config: Pick<Config, 'env' | 'smtpUrl'>): boolean {
  return config.env !== 'production' && !config.smtpUrl;
}
