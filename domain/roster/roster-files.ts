/**
 * The roster files the preview reads (POST /api/roster/preview), shared by the server's limits
 * and the web's file picker. Plain constants: the upload screen loads them without any schema.
 */

/** The largest roster the preview reads: a pasted text's characters, or an uploaded file's bytes. */
export const ROSTER_MAX_BYTES = 2 * 1024 * 1024;

/** The file types POST /api/roster/preview reads, by the end of the file's name. */
export const ROSTER_FILE_EXTENSIONS = ['.txt', '.csv', '.ics', '.html', '.htm', '.pdf'] as const;

/** What the file picker offers (extensions and their usual media types). */
export const ROSTER_FILE_ACCEPT = [
  ...ROSTER_FILE_EXTENSIONS,
  'text/plain',
  'text/csv',
  'text/calendar',
  'text/html',
  'application/pdf',
].join(',');
