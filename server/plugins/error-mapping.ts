import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { UNAVAILABLE_CODE, UNAVAILABLE_MESSAGE } from '../../domain';
import { isDatabaseUnavailable } from '../db/client';
import { HttpError, InputRefusal } from '../lib/errors';
import { chargeRefusedInput } from './refused-input-limits';

const PG_UNIQUE_VIOLATION = '23505';
/** What a request answers while the database cannot be reached (docs/api.md). */
export const UNAVAILABLE_BODY = { message: UNAVAILABLE_MESSAGE, error: UNAVAILABLE_CODE } as const;
/** Seconds a client should wait before retrying a 503: the pool reconnects on the next query. */
const RETRY_AFTER_SECONDS = '5';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
/**
 * PostgreSQL refusing a value as input: NUL or bad encoding (22021, 22P05), a number out of
 * range (22003), text that is not a number (22P02), too long (22001), too big to index (54000).
 * Validation is meant to stop all of these first; this is the net behind it, so a gap there is
 * a logged 400, never a 500.
 */
const PG_INPUT_ERRORS = new Set(['22021', '22P05', '22003', '22P02', '22001', '54000']);

/**
 * The one place errors become responses. Clients get `{ message, error?, errorType?, code? }`;
 * anything unexpected is a generic 500 with the detail only in the log.
 */
export function registerErrorMapping(app: FastifyInstance) {
  app.setErrorHandler(async (err: FastifyError & { cause?: unknown }, request, reply) => {
    if (isRefusedInput(err)) {
      try {
        await chargeRefusedInput(request);
      } catch (limitError) {
        if (!(limitError instanceof HttpError)) throw limitError;
        err = limitError as HttpError & FastifyError;
      }
    }
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({ message: err.message, ...err.extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
      const message = first?.message ?? 'Invalid input';
      return reply.status(400).send({ message, error: 'validation', ...(field ? { field } : {}) });
    }
    if (isDatabaseUnavailable(err)) {
      // Not a bug to chase in the log: one line without a stack, and a retryable 503.
      request.log.warn({ code: pgErrorCode(err) ?? errCode(err) }, 'database unavailable');
      return reply.status(503).header('retry-after', RETRY_AFTER_SECONDS).send(UNAVAILABLE_BODY);
    }
    const pgCode = pgErrorCode(err);
    if (pgCode === PG_UNIQUE_VIOLATION) {
      return reply.status(409).send({ message: 'This already exists', error: 'conflict' });
    }
    if (pgCode === PG_FOREIGN_KEY_VIOLATION) {
      return reply.status(404).send({ message: 'Not found' });
    }
    if (pgCode && PG_INPUT_ERRORS.has(pgCode)) {
      request.log.warn({ err }, 'input reached the database unvalidated');
      return reply.status(400).send({ message: 'Invalid input', error: 'validation' });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type.
      return reply.status(err.statusCode).send({ message: clientMessage(err), error: err.code });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong. Please try again.' });
  });
}

/**
 * Input refused before any handler ran: schema validation (including unstorable text), a body
 * nested too deep, or a body Fastify could not read (bad JSON, wrong content type, too large).
 */
function isRefusedInput(err: FastifyError): boolean {
  if (err instanceof InputRefusal) return true;
  if (err instanceof HttpError) return false;
  if (hasZodFastifySchemaValidationErrors(err)) return true;
  return err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500;
}

export function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  // SQLSTATEs are five digits or capitals ('22P02'); Fastify's codes are longer ('FST_ERR_…').
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  if (typeof e.cause?.code === 'string') return e.cause.code;
  return undefined;
}

function errCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e.code === 'string' ? e.code : e.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

function clientMessage(err: FastifyError): string {
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return 'Invalid JSON body';
  }
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'Request body is too large';
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Unsupported content type';
  return err.message;
}
