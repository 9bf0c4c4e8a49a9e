import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorMapping } from './error-mapping';

/** The net behind validation: input PostgreSQL refuses is a 400, never a 500. */
describe('error mapping', () => {
  it.each([
    ['22021', 'NUL in text'],
    ['22P05', 'untranslatable character'],
    ['22003', 'integer out of range'],
    ['22P02', 'invalid text representation'],
    ['54000', 'index row too big'],
  ])('maps PostgreSQL %s (%s) to 400, raw or wrapped by the driver', async (code) => {
    const app = Fastify({ logger: false });
    registerErrorMapping(app);
    app.get('/raw', async () => {
      throw Object.assign(new Error('pg'), { code });
    });
    app.get('/wrapped', async () => {
      throw new Error('query failed', { cause: Object.assign(new Error('pg'), { code }) });
    });
    for (const url of ['/raw', '/wrapped']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid input', error: 'validation' });
    }
    await app.close();
  });

  it.each([
    [
      'refused connection',
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    ],
    ['server shutting down', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['dropped mid-query', new Error('Connection terminated unexpectedly')],
    [
      'wrapped by drizzle',
      new Error('Failed query', { cause: new Error('Connection terminated') }),
    ],
  ])('maps an unreachable database (%s) to a clear 503 with Retry-After', async (_name, error) => {
    const app = Fastify({ logger: false });
    registerErrorMapping(app);
    app.get('/down', async () => {
      throw error;
    });
    const res = await app.inject({ method: 'GET', url: '/down' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      message: 'The service is briefly unavailable. Please try again in a moment.',
      error: 'unavailable',
    });
    await app.close();
  });

  it('still answers 500 for an unexpected error', async () => {
    const app = Fastify({ logger: false });
    registerErrorMapping(app);
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    expect((await app.inject({ method: 'GET', url: '/boom' })).statusCode).toBe(500);
    await app.close();
  });
});
