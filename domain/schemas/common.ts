import { z } from 'zod';
import { PIN_LENGTH } from '../constants';

/** Ids are serial integers. */
export const idSchema = z.number().int().positive();
/** Path parameters arrive as text. */
/** Ids are PostgreSQL integers: anything outside that range is unknown input, not a 500. */
/** A path id: a positive PostgreSQL integer, or 'Invalid id' (never a database error). */
export const idParam = z.coerce
  .number('Invalid id')
  .int('Invalid id')
  .positive('Invalid id')
  .max(2_147_483_647, 'Invalid id');
export const idParamSchema = z.object({ id: idParam });

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
    .pipe(z.email(invalidMessage));

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
