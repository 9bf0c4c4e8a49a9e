import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A Vitest worker imports server/ and domain/ once and runs many test files on them
 * (vitest.config.ts: `isolate: false`). That is safe only while those modules keep no state a
 * test could change under the next file: every app, database and clock is built per file. This
 * test holds it: module-level `let`/`var`, and module-level Maps/Sets written to from inside a
 * function, are refused unless listed here with why they cannot carry one test into another.
 */
const ALLOWED: Record<string, string> = {
  'server/main.ts:stopSignal': 'the entry point: only ever run as its own process',
  'server/main.ts:app': 'the entry point: only ever run as its own process',
  'server/main.ts:running': 'the entry point: only ever run as its own process',
  'server/modules/demo/routes.ts:cached': "the release's fixed PDF bytes, the same for every test",
  'server/config.ts:testVapidKeys': 'one VAPID key pair per process; no test depends on its value',
  'domain/roster/airports.ts:iataBits': 'the decoded, read-only airport table',
  'domain/roster/airport-zones.ts:byCode': 'the decoded, read-only airport zone table',
  'server/lib/airport-search.ts:index': 'the read-only airport names index, built on first search',
  'domain/rules/zoned-time.ts:formatters':
    'one Intl formatter per time zone, each a pure function of its zone',
  'server/test/factories.ts:sequence': 'only makes values unique; no test reads its number',
  'server/test/test-database.ts:engine':
    "PGlite's compiled WebAssembly, immutable; every database gets its own instance of it",
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** `file:name` for each module-level binding that can change after the module loaded. */
function moduleState(file: string, text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/^(?:export )?(?:let|var) (\w+)/gm)) found.push(`${file}:${m[1]}`);
  for (const m of text.matchAll(/^(?:export )?const (\w+)(?:: [^=]+)? = new (?:Map|Set)\b/gm)) {
    // Written from inside a function (indented past a top-level loop's body): state.
    const writes = new RegExp(`^\\s{4,}.*\\b${m[1]}\\.(?:set|add|delete|clear)\\(`, 'm');
    if (writes.test(text)) found.push(`${file}:${m[1]}`);
  }
  return found;
}

describe('module state', () => {
  it('finds a module-level let and a Map written from a function', () => {
    expect(moduleState('a.ts', 'let n = 0;\nexport function f() { n++; }')).toEqual(['a.ts:n']);
    const map =
      'const seen = new Map<string, number>();\nexport function f(k: string) {\n  if (true) {\n    seen.set(k, 1);\n  }\n}';
    expect(moduleState('b.ts', map)).toEqual(['b.ts:seen']);
    expect(moduleState('c.ts', 'const T = new Map();\nfor (;;) T.set(1, 2);')).toEqual([]);
  });

  it('no-module-state: server/ and domain/ keep no state one test file could leave for the next', () => {
    const state = [...sources('server'), ...sources('domain')].flatMap((file) =>
      moduleState(file, readFileSync(path.join(root, file), 'utf8')),
    );
    expect(
      state.filter((s) => !(s in ALLOWED)),
      'no-module-state',
    ).toEqual([]);
    // The list stays true: an entry whose binding is gone is removed.
    expect(Object.keys(ALLOWED).filter((a) => !state.includes(a))).toEqual([]);
  });
});
