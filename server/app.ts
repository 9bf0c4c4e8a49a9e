import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { type Clock, systemClock } from './lib/clock';
import { healthRoutes } from './modules/health/routes';
import { realtimeRoutes } from './modules/realtime/routes';
import { registerErrorMapping } from './plugins/error-mapping';
import { registerSpa } from './plugins/spa';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type AppDeps = {
  config: Config;
  database: Database;
  clock: Clock;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type BuildAppOptions = {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Where the built SPA lives; tests leave it unset to skip static serving. */
  webDist?: string | null;
};

/** Plugins and modules, nothing else: main.ts and tests both build the app through here. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
      serializers: {
        // Query strings can carry one-time tokens; they never reach the log.
        req: (req) => ({ method: req.method, url: req.url.split('?')[0], remoteAddress: req.ip }),
      },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', { config, database, clock: options.clock ?? systemClock });

  registerErrorMapping(app);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    hsts: config.publicUrl.startsWith('https:'),
  });
  await app.register(fastifyCookie, { secret: config.appSecret });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });

  await app.register(healthRoutes);
  await app.register(realtimeRoutes);

  const webDist = options.webDist === undefined ? path.join(root, 'web', 'dist') : options.webDist;
  await registerSpa(app, webDist);

  return app;
}
