import { z } from 'zod';
import { CREW_ROLES, EMAIL_MAX, REGISTRATION_MEMBERSHIPS } from '../../../../domain';

/**
 * What was typed into /register, kept in session storage so a reload (or a phone that drops the
 * tab while the member looks up their staff number) does not empty the form. Session, not local:
 * it dies with the tab, and it is cleared once the registration is sent.
 */
const KEY = 'registrationDraft';

const draftSchema = z.object({
  email: z.string().max(EMAIL_MAX).catch(''),
  name: z.string().max(100).catch(''),
  role: z.enum(CREW_ROLES).or(z.literal('')).catch(''),
  membership: z.enum(REGISTRATION_MEMBERSHIPS).or(z.literal('')).catch(''),
});
export type RegistrationDraft = z.infer<typeof draftSchema>;

export const EMPTY_DRAFT: RegistrationDraft = { email: '', name: '', role: '', membership: '' };

/** The stored draft; anything missing or malformed reads as empty (storage is user-editable). */
export function readRegistrationDraft(): RegistrationDraft {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return EMPTY_DRAFT;
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : EMPTY_DRAFT;
  } catch {
    return EMPTY_DRAFT;
  }
}

export function saveRegistrationDraft(draft: RegistrationDraft) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Without storage a reload empties the form, as it always did.
  }
}

export function clearRegistrationDraft() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
