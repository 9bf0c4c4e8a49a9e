import { checkEmailQuerySchema, crewEmailMessage, isCrewEmail } from '../../../../domain';

/**
 * The message the e-mail field shows while the member types. A wrong domain is said as soon as
 * the address is complete (a valid address that has stopped changing, or the field was left),
 * at the field, not after submit at the bottom of a long form; a half-typed address is not
 * called invalid until the member leaves the field or tries to submit.
 */
export function emailProblem(
  typed: string,
  { settled, touched, domains }: { settled: boolean; touched: boolean; domains: readonly string[] },
): string | null {
  if (!typed.trim()) return null;
  const format = checkEmailQuerySchema.safeParse({ email: typed });
  if (!format.success) return touched ? format.error.issues[0]!.message : null;
  if (!isCrewEmail(format.data.email, domains) && (settled || touched)) {
    return crewEmailMessage(domains);
  }
  return null;
}
