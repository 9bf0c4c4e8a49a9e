import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * server/typescript-imports.mjs, as `npm start` loads it: Node strips the types, the hook resolves
 * the extensionless relative imports as TypeScript does (`.ts`, then `/index.ts`; a directory
 * named by '.', '..' or a trailing '/' by its index only), and leaves packages to Node.
 */
const hook = path.resolve(import.meta.dirname, '../server/typescript-imports.mjs');
const root = mkdtempSync(path.join(os.tmpdir(), 'jumpseat-ts-imports-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function files(dir: string, contents: Record<string, string>) {
  for (const [name, text] of Object.entries(contents)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
}
const run = (dir: string, entry: string) =>
  execFileSync(process.execPath, ['--import', hook, entry], { cwd: dir, encoding: 'utf8' }).trim();

describe('server/typescript-imports.mjs', () => {
  it('resolves a file, a directory and its parent by index.ts, each module once', () => {
    const dir = path.join(root, 'app');
    files(dir, {
      'index.ts': 'export const a: number = 1;\n',
      'sub/index.ts':
        "import { a } from '..';\nimport { b } from './b';\nexport const c: number = a + b;\n",
      'sub/b.ts': 'export const b: number = 2;\n',
      'main.ts': [
        "import path from 'node:path';",
        "import { c } from './sub';",
        "import { c as again } from './sub/';",
        "import { a } from '.';",
        "import * as one from './sub/index';",
        "import * as two from './sub';",
        'console.log(c, again, a, one === two, path.sep);',
      ].join('\n'),
    });
    // A file beside the directory, named as '.' would name it with '.ts' added, is not '.'.
    writeFileSync(`${dir}.ts`, 'export const a: number = 99;\n');
    expect(run(dir, 'main.ts')).toBe('3 3 1 true /');
  });

  it('leaves an import with an extension as it is', () => {
    const dir = path.join(root, 'extensions');
    files(dir, {
      'helper.mjs': 'export const h = 7;\n',
      'main.ts': "import { h } from './helper.mjs';\nconst n: number = h;\nconsole.log(n);\n",
    });
    expect(run(dir, 'main.ts')).toBe('7');
  });
});
