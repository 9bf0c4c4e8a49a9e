import { checkEmailQuerySchema, isCrewEmail } from '../../../../domain';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useEmailCheck } from './api';
import { CREW_DOMAINS } from './crew-domains';

const DEBOUNCE_MS = 500;

export type Availability = 'idle' | 'checking' | 'available' | 'taken' | 'unknown';

/**
 * The live 'already registered' check: debounced 500 ms and only for corporate-domain
 * addresses, so typing a personal address never touches the server.
 */
export function useEmailAvailability(typed: string): Availability {
  const parsed = checkEmailQuerySchema.safeParse({ email: typed });
  const email =
    parsed.success && isCrewEmail(parsed.data.email, CREW_DOMAINS) ? parsed.data.email : '';
  const settled = useDebouncedValue(email, DEBOUNCE_MS);

  const query = useEmailCheck(settled, settled === email);

  if (!email) return 'idle';
  if (settled !== email || query.isFetching) return 'checking';
  // A rate-limited or failed check must not block: the server refuses duplicates anyway.
  if (query.isError) return 'unknown';
  if (!query.data) return 'checking';
  return query.data.exists ? 'taken' : 'available';
}
