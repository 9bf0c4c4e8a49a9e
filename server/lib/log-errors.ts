/**
 * The logger's one error serializer. Errors reach the log from everywhere (the 500 handler, jobs,
 * the socket), and database errors carry what members typed: drizzle's DrizzleQueryError has the
 * bound `params` (and repeats them in its message), PostgreSQL's `detail` quotes values ("Key
 * (email)=(x@y) already exists"), PGlite attaches the query's params. So only named fields are
 * kept — never copied wholesale — and a message loses anything from "params:" on, and any
 * e-mail address it quotes.
 */
export type LoggedError = {
  type: string;
  message: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  statusCode?: number;
  /** The frames only; empty when there are none. */
  stack: string;
  cause?: LoggedError;
  [key: string]: unknown;
};

const MAX_CAUSES = 3;

export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) {
    const message = typeof err === 'string' ? scrub(err) : 'non-Error thrown';
    return { type: typeof err, message, stack: '' };
  }
  const e = err as Error & {
    code?: unknown;
    constraint?: unknown;
    table?: unknown;
    column?: unknown;
    statusCode?: unknown;
  };
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const out: LoggedError = {
    type: e.constructor?.name ?? 'Error',
    message: scrub(e.message),
    // The frames only: a stack's first line repeats the message, params and all.
    stack:
      e.stack
        ?.split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n') ?? '',
  };
  const code = text(e.code);
  if (code) out.code = code;
  const constraint = text(e.constraint);
  if (constraint) out.constraint = constraint;
  const table = text(e.table);
  if (table) out.table = table;
  const column = text(e.column);
  if (column) out.column = column;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (e.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

const EMAIL = /[^\s<>"'(),;:=]+@[^\s<>"'(),;:=]+\.[a-z]{2,}/gi;

/**
 * Drops drizzle's "params: …" tail, and masks e-mail addresses that messages quote (an SMTP
 * "550 <x@y>: Recipient rejected", PostgreSQL's "invalid input syntax … "x@y"").
 */
function scrub(message: string): string {
  const at = message.search(/\n?params:/);
  return (at === -1 ? message : message.slice(0, at)).replace(EMAIL, '[email]');
}
