import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Source maps publish the original source: never served, even if a build left one behind. */
const isSourceMap = (pathname: string) => /\.map$/i.test(pathname);

/**
 * Serves the built web app. Unknown non-API GETs get index.html so client routes work on
 * reload; unknown /api paths keep the JSON 404 of the error plugin, and so do source maps and
 * missing files under /assets/ (a stale script URL must fail as a 404, not run index.html).
 */
/** The service worker (its bytes are the app's version) and the install manifest. */
const NEVER_STALE = new Set(['sw.js', 'manifest.webmanifest', 'index.html']);

export async function registerSpa(app: FastifyInstance, distDir: string | null) {
  const hasBuild = distDir !== null && existsSync(path.join(distDir, 'index.html'));
  if (distDir && hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (scripts/compress-dist.mjs); sent when accepted.
      preCompressed: true,
      allowedPath: (pathName) => !isSourceMap(pathName),
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/, so it can be cached for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (NEVER_STALE.has(path.basename(filePath).replace(/\.(br|gz)$/, ''))) {
          // A deploy must reach phones: the browser checks the worker and manifest each time.
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/') || pathname === '/ws';
    const isFile = pathname.startsWith('/assets/') || isSourceMap(pathname);
    if (!isApi && !isFile && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      // index.html names the current fingerprinted assets: revalidate it on every load.
      return reply
        .header('cache-control', 'no-cache')
        .sendFile('index.html', { cacheControl: false });
    }
    return reply.status(404).send({ message: `Not found: ${request.method} ${pathname}` });
  });
}
