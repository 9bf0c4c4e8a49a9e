import { CREW_EMAIL_DOMAINS } from '../../../../domain';

/**
 * The accepted work e-mail domains as the client assumes them: the default of the server's
 * CREW_EMAIL_DOMAINS, which has no config endpoint yet. The client uses it only for hints
 * (the availability check, 'Verified' badges); the server's configured list decides, and its
 * 400 message is shown as is.
 */
export const CREW_DOMAINS: readonly string[] = CREW_EMAIL_DOMAINS;
