// Registration's texts and the work e-mail rule, apart from the schemas: the web uses them on
// screens that construct no zod schema (docs/architecture.md, 'The first load').

export const FILL_REQUIRED = 'Please fill in all required fields';
export const EMAIL_TAKEN =
  'This BA email address is already registered. Please use the login page instead.';
export const USER_EXISTS_MESSAGE =
  'An account with this email already exists. Please try logging in instead.';

/** True when the address ends with one of the accepted work domains. */
export function isCrewEmail(email: string, domains: readonly string[]): boolean {
  const lower = email.trim().toLowerCase();
  return domains.some((domain) => lower.endsWith(`@${domain.toLowerCase()}`));
}

export const crewEmailMessage = (domains: readonly string[]) =>
  `Email must end with ${domains.map((d) => `@${d}`).join(' or ')}`;
