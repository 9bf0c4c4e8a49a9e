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

/** A place in parsed input: its value, and how it was reached (for the path, built only once found). */
type Visit = {
  value: unknown;
  key: string | number | null;
  fromObject: boolean;
  parent: Visit | null;
};

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The path of the first string (value or key) in parsed input that cannot be stored, if any.
 * Iterative with its own stack, each value visited once and no path copied on the way down: its
 * cost is linear in the input whatever its depth (it used to recurse and copy the path at every
 * level: quadratic in the depth, and past ~7,000 levels a stack overflow). Same order as a
 * depth-first walk, an object's key before its value, so the same first find.
 */
export function findUnstorableText(value: unknown): (string | number)[] | null {
  const stack: Visit[] = [{ value, key: null, fromObject: false, parent: null }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    if (visit.fromObject && !isStorableText(visit.key as string)) return pathOf(visit);
    const item = visit.value;
    if (typeof item === 'string') {
      if (!isStorableText(item)) return pathOf(visit);
    } else if (Array.isArray(item)) {
      // Pushed last to first, so they are taken first to last.
      for (let i = item.length - 1; i >= 0; i--) {
        stack.push({ value: item[i], key: i, fromObject: false, parent: visit });
      }
    } else if (item !== null && typeof item === 'object') {
      const keys = Object.keys(item);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        const child = (item as Record<string, unknown>)[key];
        stack.push({ value: child, key, fromObject: true, parent: visit });
      }
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
