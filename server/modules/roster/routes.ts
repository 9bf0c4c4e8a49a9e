import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCESS_REASONS,
  MEMBER_LIMITS,
  ROSTER_FILE_EXTENSIONS,
  ROSTER_MAX_BYTES,
  rosterPreviewRequestSchema,
  rosterPreviewResponseSchema,
} from '../../../domain';
import { badRequest, HttpError } from '../../lib/errors';
import { currentUser } from '../../plugins/access';
import { createRosterService, type RosterInput } from './service';

const tags = ['roster'];
type FileFormat = Extract<RosterInput, { kind: 'file' }>['format'];

/** Room for a 2 MB text's JSON escapes ('\n' is two bytes). */
const JSON_BODY_LIMIT = 3 * ROSTER_MAX_BYTES;

const FORMATS: Record<(typeof ROSTER_FILE_EXTENSIONS)[number], FileFormat> = {
  '.txt': 'text',
  '.csv': 'csv',
  '.ics': 'ics',
  '.html': 'html',
  '.htm': 'html',
  '.pdf': 'pdf',
};

export const FILE_TYPE_REFUSED = `Choose a roster file ending ${ROSTER_FILE_EXTENSIONS.join(', ')}`;
export const FILE_TOO_LARGE =
  'This file is larger than 2 MB: choose a roster of one month or one year';
export const NO_FILE = "No file: send the roster's file in the field 'file'";

const formatOf = (filename: string) => {
  const dot = filename.lastIndexOf('.');
  const extension = dot === -1 ? '' : filename.slice(dot).toLowerCase();
  return (FORMATS as Record<string, FileFormat>)[extension] ?? null;
};

export const rosterRoutes: FastifyPluginAsyncZod = async (app) => {
  const roster = createRosterService(app.deps);
  // Multipart is read only here (this plugin's scope): one file, held in memory, never on disk.
  await app.register(fastifyMultipart, {
    limits: { fileSize: ROSTER_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 },
  });

  app.post(
    '/api/roster/preview',
    {
      bodyLimit: JSON_BODY_LIMIT,
      config: {
        access: 'user',
        notDemo: true,
        demoMessage: ACCESS_REASONS.demoAddFlights,
        memberLimit: MEMBER_LIMITS.rosterPreview,
      },
      schema: {
        tags,
        summary:
          "Read a roster (JSON { text }, or one multipart file 'file': .txt .csv .ics .html .htm .pdf, at most 2 MB) and say what each flight found is to the member; adds nothing",
        consumes: ['application/json', 'multipart/form-data'],
        // Multipart bodies reach the handler as null: the file is read there, by its own limits.
        body: rosterPreviewRequestSchema.nullish(),
        response: { 200: rosterPreviewResponseSchema },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      if (!request.isMultipart()) {
        if (!request.body) throw badRequest('Send { text } as JSON, or a file as multipart');
        return roster.preview(viewer, { kind: 'text', text: request.body.text });
      }
      let input: RosterInput;
      try {
        const file = await request.file();
        if (!file) throw badRequest(NO_FILE);
        if (file.fieldname !== 'file') throw badRequest(NO_FILE);
        const format = formatOf(file.filename);
        if (!format) {
          file.file.resume();
          throw new HttpError(415, FILE_TYPE_REFUSED, { code: 'UNSUPPORTED_FILE_TYPE' });
        }
        input = { kind: 'file', format, bytes: await file.toBuffer() };
      } catch (error) {
        if (error instanceof HttpError) throw error;
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, FILE_TOO_LARGE, { code: 'FILE_TOO_LARGE' });
        }
        if (
          code === 'FST_FILES_LIMIT' ||
          code === 'FST_PARTS_LIMIT' ||
          code === 'FST_FIELDS_LIMIT'
        ) {
          throw badRequest("Send one file only, in the field 'file'", { code: 'ONE_FILE' });
        }
        throw error;
      }
      return roster.preview(viewer, input);
    },
  );
};
