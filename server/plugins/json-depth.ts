import { Transform } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { createJsonDepthScanner, TOO_DEEPLY_NESTED } from '../../domain';
import { InputRefusal } from '../lib/errors';

/**
 * Every request body is read through the JSON depth pre-scan as it arrives, before any parser
 * sees it: a body nested deeper than JSON_DEPTH_MAX is refused at its first byte past the limit
 * (400 'Request is too deeply nested'), so neither the parser nor the unstorable-text scan ever
 * walks it, and refusing it costs the same at depth 33 as at 100,000. Bodies of every content
 * type: the API reads only JSON, but for the renewal form (whose e-mail has no brackets) and the
 * unload beacon (JSON sent as text/plain). Except multipart uploads (the roster file, read only by
 * POST /api/roster/preview with its own size and part limits): a file is not JSON, and a PDF's or
 * a text's brackets say nothing about nesting.
 */
export function registerJsonDepthLimit(app: FastifyInstance) {
  app.addHook('preParsing', async (request, reply, payload) => {
    // No body, nothing to read (most requests are GETs): no stream built for them.
    const { headers } = request;
    if (!headers['transfer-encoding'] && !Number(headers['content-length'])) return payload;
    if (isMultipart(headers['content-type'])) return payload;
    const scanner = createJsonDepthScanner();
    const checked = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (scanner.push(chunk)) done(new InputRefusal(TOO_DEEPLY_NESTED));
        else done(null, chunk);
      },
    });
    checked.on('error', () => {
      // The answer goes out now, and the connection ends with it (`Connection: close`, as
      // Fastify answers any body it failed to read): the socket stops reading at once, so the
      // rest of the body is never read. Reading on until the close took whatever the client had
      // sent meanwhile (all 200 KB of an attack body), and its buffers' GC, per refusal.
      // Not a socket under inject.
      payload.unpipe(checked);
      const { socket } = request.raw;
      if (typeof socket?.pause === 'function') socket.pause();
      reply.header('connection', 'close');
    });
    return payload.pipe(checked);
  });
}

const isMultipart = (contentType: string | undefined) =>
  contentType?.trimStart().toLowerCase().startsWith('multipart/form-data') ?? false;
