import { z } from 'zod';
import { EMAIL_MAX, ID_MAX, PIN_LENGTH } from '../constants';

export const INVALID_ID = 'Invalid id';
/**
 * The one id schema, for ids in bodies, paths and socket frames: a positive PostgreSQL integer,
 * or 'Invalid id' (400), never a database error.
 */
export const idSchema = z
  .number(INVALID_ID)
  .int(INVALID_ID)
  .positive(INVALID_ID)
  .max(ID_MAX, INVALID_ID);
/** Decimal digits without a sign or a leading zero: one spelling per id. */
const DECIMAL_ID = /^[1-9][0-9]{0,9}$/;
/**
 * A path id arrives as text and is read only as plain decimal digits, so ' 1', '+1', '0x10',
 * '1e3' and '007' (all of which Number() reads) are 'Invalid id', not another name for an id.
 */
export const idParam = z
  .string(INVALID_ID)
  .regex(DECIMAL_ID, INVALID_ID)
  .transform(Number)
  .pipe(idSchema);
export const idParamSchema = z.object({ id: idParam });

export const TEXT_NOT_ALLOWED = 'Text contains characters that are not allowed.';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** PostgreSQL text cannot hold NUL, and UTF-8 cannot hold a lone UTF-16 surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** The path of the first string (value or key) in parsed input that cannot be stored, if any. */
export function findUnstorableText(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findUnstorableText(item, [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, key];
      const found = findUnstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Any input schema, refusing first any text that cannot be stored (anywhere in the input,
 * whatever the field's own schema says). The server applies it to every route's body, query and
 * path, and to every socket frame, so no new field can forget it.
 */
export function storableInput<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      const path = findUnstorableText(value);
      if (path) ctx.addIssue({ code: 'custom', path, message: TEXT_NOT_ALLOWED });
    })
    .pipe(schema);
}

/** Response dates: ISO 8601 UTC strings, as Date#toISOString writes them. */
export const isoDateTimeSchema = z.iso.datetime();
export const nullableIsoDateTimeSchema = isoDateTimeSchema.nullable();

/** A UTC calendar day, 'YYYY-MM-DD'. */
export const isoDaySchema = z.iso.date();

export const PASSCODE_MESSAGE = `Passcode must be ${PIN_LENGTH} digits`;
export const passcodeSchema = z
  .string({ error: PASSCODE_MESSAGE })
  .trim()
  .regex(new RegExp(`^\\d{${PIN_LENGTH}}$`), PASSCODE_MESSAGE);

/** Required text: the message covers both a missing and a blank value. */
export const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, message);

/** Optional free text from a form: trimmed, and blank is stored as null. */
export const optionalText = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => value || null)
    .nullish();

/** An e-mail as typed: trimmed and lower-cased before it is checked. */
export const emailInput = (
  requiredMessage: string,
  invalidMessage = 'Please enter a valid email address',
) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .toLowerCase()
    .min(1, requiredMessage)
    .max(EMAIL_MAX, invalidMessage)
    .pipe(z.email(invalidMessage));

/**
 * A refusal only because the database cannot be reached right now: HTTP 503 with `error`, a
 * socket `error` frame with `code`. Nothing was done; the same request may be sent again.
 */
export const UNAVAILABLE_CODE = 'unavailable';
export const UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable. Please try again in a moment.';

/** The error body of every failed call (API-CONVENTIONS "Status codes and bodies"). */
export const errorBodySchema = z.object({
  message: z.string(),
  error: z.string().optional(),
  errorType: z.string().optional(),
  code: z.string().optional(),
  retryAt: isoDateTimeSchema.optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const successResponseSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
});
export type SuccessResponse = z.infer<typeof successResponseSchema>;
