import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';

describe('security headers', () => {
  let plain: TestApp;
  let secure: TestApp;
  beforeAll(async () => {
    plain = await buildTestApp();
    secure = await buildTestApp({ config: { publicUrl: 'https://jumpseat.example' } });
  });
  afterAll(async () => {
    await plain.close();
    await secure.close();
  });

  it('sends the content security policy and helmet headers on every response', async () => {
    for (const url of ['/api/health', '/api/flights', '/api/no-such-route']) {
      const res = await plain.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('adds HSTS and upgrade-insecure-requests when served over https', async () => {
    const res = await secure.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});
