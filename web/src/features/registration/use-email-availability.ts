import { checkEmailQuerySchema, isCrewEmail } from '../../../../domain';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useEmailCheck } from './api';
import { CREW_DOMAINS } from './crew-domains';

const DEBOUNCE_MS = 500;

/**
 * 'failed': the check itself could not be made (no connection, rate-limited, a server fault).
 * 'renewable': taken by an account whose membership ended, which may renew instead.
 */
export type Availability = 'idle' | 'checking' | 'available' | 'taken' | 'renewable' | 'failed';

/** The spec's text for a check that could not be made (accounts spec §8). */
export const VERIFY_EMAIL_FAILED = 'Failed to verify email. Please try again.';

/**
 * The live 'already registered' check (POST /api/auth/verify-email): debounced 500 ms and only
 * for corporate-domain addresses, so typing a personal address never touches the server.
 */
export function useEmailAvailability(typed: string): Availability {
  const parsed = checkEmailQuerySchema.safeParse({ email: typed });
  const email =
    parsed.success && isCrewEmail(parsed.data.email, CREW_DOMAINS) ? parsed.data.email : '';
  const settled = useDebouncedValue(email, DEBOUNCE_MS);

  const query = useEmailCheck(settled, settled === email);

  if (!email) return 'idle';
  if (settled !== email || query.isFetching) return 'checking';
  // Said, but not blocking: the server refuses a duplicate registration anyway.
  if (query.isError) return 'failed';
  if (!query.data) return 'checking';
  if (!query.data.exists) return 'available';
  return query.data.canRenew ? 'renewable' : 'taken';
}
