import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';

describe('the web app', () => {
  let t: TestApp;
  const script = `console.log(${JSON.stringify('jumpseat '.repeat(300))});`;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'jumpseat-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const asset = path.join(dist, 'assets', 'app-abc123.js');
    writeFileSync(asset, script);
    writeFileSync(`${asset}.br`, brotliCompressSync(script));
    writeFileSync(`${asset}.gz`, gzipSync(script));
    t = await buildTestApp({ webDist: dist });
  });
  afterAll(() => t.close());

  it('answers client routes with index.html, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/flight/42' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends the Brotli copy of an asset to a browser that accepts it, cached for good', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('keeps the JSON 404 for unknown API paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found: GET /api/nope' });
  });
});
