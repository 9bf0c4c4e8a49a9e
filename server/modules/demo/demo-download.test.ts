import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PDF_FILENAME, DEMO_STEPS } from '../../../domain';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

describe('GET /demo/download', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await buildTestApp();
    dir = mkdtempSync(path.join(os.tmpdir(), 'jumpseat-demo-pdf-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('serves the walkthrough as a real PDF to anyone: one rendered page per step, text selectable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/demo/download' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${DEMO_PDF_FILENAME}"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const file = path.join(dir, 'walkthrough.pdf');
    writeFileSync(file, pdf);

    // poppler renders every page: a broken or empty page would fail here or come out blank.
    execFileSync('pdftoppm', ['-png', '-r', '50', file, path.join(dir, 'page')]);
    const pages = readdirSync(dir)
      .filter((name) => name.startsWith('page') && name.endsWith('.png'))
      .sort();
    expect(pages).toHaveLength(DEMO_STEPS.length);
    expect(pages).toHaveLength(7);
    for (const page of pages) {
      // A blank A4 page at 50 dpi compresses to well under 1 KB; text makes it several times that.
      expect(statSync(path.join(dir, page)).size).toBeGreaterThan(5_000);
    }

    // Each page carries its step's title as text, in order.
    for (const [index, step] of DEMO_STEPS.entries()) {
      const text = execFileSync(
        'pdftotext',
        ['-f', String(index + 1), '-l', String(index + 1), '-layout', file, '-'],
        { encoding: 'utf8' },
      );
      expect(text).toContain(step.title);
      expect(text).toContain(`Step ${index + 1} of 7`);
    }
  });
});
