import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_PROJECTS, WEB_PROJECTS } from './vitest-projects.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe("npm test's Vitest stages", () => {
  it('run every project of vitest.config.ts, each in one stage', () => {
    const config = readFileSync(path.join(root, 'vitest.config.ts'), 'utf8');
    const projects = [...config.matchAll(/^\s+name: '([a-z-]+)',$/gm)].map((m) => m[1]);
    expect(projects.length).toBeGreaterThan(0);
    expect([...SERVER_PROJECTS, ...WEB_PROJECTS].sort()).toEqual([...projects].sort());
  });
});
