import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';

// Issue 17: request logs at info pushed the startup lines (URL, how to sign in) off the screen.
async function linesAt(logLevel: string) {
  const lines: string[] = [];
  const t = await buildTestApp({
    config: { logLevel },
    logStream: { write: (line) => void lines.push(line) },
  });
  return { t, lines };
}

describe('request logs', () => {
  const opened: TestApp[] = [];
  afterAll(async () => {
    for (const t of opened) await t.close();
  });

  it('say nothing at info', async () => {
    const { t, lines } = await linesAt('info');
    opened.push(t);
    await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(lines.filter((l) => l.includes('/api/health'))).toEqual([]);
  });

  it('are one line per request at debug, without the query string', async () => {
    const { t, lines } = await linesAt('debug');
    opened.push(t);
    await t.app.inject({ method: 'GET', url: '/api/health?token=secret' });
    const about = lines.map((l) => JSON.parse(l)).filter((l) => l.req?.url === '/api/health');
    expect(about).toHaveLength(1);
    expect(about[0]).toMatchObject({ level: 20, statusCode: 200, req: { method: 'GET' } });
    expect(lines.join('')).not.toContain('secret');
  });
});
