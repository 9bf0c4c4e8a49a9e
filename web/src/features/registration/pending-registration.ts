import type { z } from 'zod';
import { pendingRegistrationSchema } from '../../../../domain';

/** The spec's storage key: the payment page picks the registration up from here. */
const KEY = 'pendingRegistration';

export type PendingRegistration = z.infer<typeof pendingRegistrationSchema>;

export function savePendingRegistration(registration: PendingRegistration) {
  try {
    localStorage.setItem(KEY, JSON.stringify(registration));
  } catch {
    // Without storage the payment page sends the member back to registration, which is safe.
  }
}

/** The stored registration, or null when missing or not in the expected shape. */
export function readPendingRegistration(): PendingRegistration | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = pendingRegistrationSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Once the registration's payment is confirmed, the stored copy has done its job. */
export function clearPendingRegistration() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
