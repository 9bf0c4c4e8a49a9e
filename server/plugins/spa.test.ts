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
    // A source map a misconfigured build might leave behind, compressed copies included.
    const map = JSON.stringify({ version: 3, sources: ['src/secret.ts'], mappings: '' });
    writeFileSync(`${asset}.map`, map);
    writeFileSync(`${asset}.map.br`, brotliCompressSync(map));
    writeFileSync(`${asset}.map.gz`, gzipSync(map));
    writeFileSync(path.join(dist, 'root.js.map'), map);
    writeFileSync(path.join(dist, 'sw.js'), "self.addEventListener('fetch', () => {});");
    writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Jumpseat"}');
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

  it('never serves source maps, in any encoding or spelling', async () => {
    for (const url of [
      '/assets/app-abc123.js.map',
      '/assets/app-abc123.js.MAP',
      '/assets/app-abc123.js%2Emap',
      '/assets/app-abc123.js.map?v=1',
      '/root.js.map',
    ]) {
      for (const encoding of [undefined, 'br', 'gzip']) {
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: encoding ? { 'accept-encoding': encoding } : {},
        });
        expect(res.statusCode, `${url} ${encoding}`).toBe(404);
        expect(res.body).not.toContain('secret.ts');
      }
    }
  });

  it('answers a missing asset with 404, not index.html', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-gone99.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('sends the strict CSP with the app: scripts from our origin only', async () => {
    for (const url of ['/', '/flight/42', '/assets/app-abc123.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(/script-src 'self';/);
      expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    }
  });

  it('builds the web app without source maps', async () => {
    const { default: viteConfig } = await import('../../web/vite.config');
    expect(viteConfig.build?.sourcemap).toBeFalsy();
  });

  it('serves the service worker and the manifest with their types, checked on every load', async () => {
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('keeps the JSON 404 for unknown API paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found: GET /api/nope' });
  });
});
