import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Below this a body travels as it is: compressing it saves less than its cost. */
export const COMPRESS_MIN_BYTES = 1024;
/** Text we make; images, archives and anything already encoded are left alone. */
const COMPRESSIBLE = /^(application\/(json|javascript|xml)|text\/|image\/svg)/;

export type Encoding = 'br' | 'gzip';

/** The encoding to answer with: brotli, else gzip, if the client accepts it (q > 0). */
export function acceptedEncodings(header: string | undefined): Set<Encoding> {
  const accepted = new Set<Encoding>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name === 'br' || name === 'gzip') accepted.add(name);
    if (name === '*') {
      accepted.add('br');
      accepted.add('gzip');
    }
  }
  return accepted;
}

function appendVary(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'Accept-Encoding');
  else if (!/accept-encoding/i.test(String(vary))) {
    reply.header('vary', `${String(vary)}, Accept-Encoding`);
  }
}

/**
 * Answers over COMPRESS_MIN_BYTES in brotli or gzip, as `Accept-Encoding` allows (a phone on
 * roaming data pays for every byte). Per request and fast (brotli quality 4): a route that
 * answers the same bytes to many (the home list) compresses them once itself and sets
 * `content-encoding`, which this hook then leaves alone. Streams (static files) pass untouched.
 */
export function registerCompression(app: FastifyInstance) {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    if (reply.getHeader('content-encoding')) {
      appendVary(reply);
      return payload;
    }
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.statusCode === 204 || reply.statusCode === 304 || request.method === 'HEAD') {
      return payload;
    }
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < COMPRESS_MIN_BYTES) return payload;
    appendVary(reply);
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    if (accepted.has('br')) {
      reply.header('content-encoding', 'br');
      reply.removeHeader('content-length');
      return zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
    }
    if (accepted.has('gzip')) {
      reply.header('content-encoding', 'gzip');
      reply.removeHeader('content-length');
      return zlib.gzipSync(body, { level: 6 });
    }
    return payload;
  });
}

/**
 * Sends a JSON body already serialised, as pieces (the home list: views on bytes shared by every
 * member). `accepted` is the request's `acceptedEncodings`: when it holds gzip, the caller made
 * the pieces one gzip body. One piece goes as it is. Several go as a stream with their total
 * `Content-Length`: copying them into one buffer per member cost more than the rest of the
 * request. A client taking brotli but not gzip (no browser today) gets them joined, for the
 * hook above to compress: it leaves streams alone.
 */
export function sendJsonPieces(
  reply: FastifyReply,
  pieces: Buffer[],
  accepted: Set<Encoding>,
): FastifyReply {
  const gzipped = accepted.has('gzip');
  reply.type('application/json; charset=utf-8');
  if (gzipped) reply.header('content-encoding', 'gzip');
  if (pieces.length === 1) return reply.send(pieces[0]);
  if (!gzipped && accepted.has('br')) {
    return reply.send(Buffer.concat(pieces));
  }
  appendVary(reply);
  reply.header(
    'content-length',
    pieces.reduce((bytes, piece) => bytes + piece.length, 0),
  );
  return reply.send(Readable.from(pieces, { objectMode: false }));
}
