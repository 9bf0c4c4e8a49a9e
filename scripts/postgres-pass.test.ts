import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  PGLITE_ONLY_MARKER,
  POSTGRES_MARKER,
  postgresPassFiles,
  serverTestFiles,
} from './postgres-pass.mjs';

/**
 * The PostgreSQL pass runs the server test files where the engine matters, each marked on its
 * first line `// @postgres: <why>` (docs/testing.md, 'The PostgreSQL pass'). This holds the rule:
 * a server test file showing one of the signs below and not marked fails here, naming the file
 * and the sign. A sign is a reason to look, read cheaply from the source; the rule also covers
 * what no regular expression sees (a module's upserts, JSON, search), by reading.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The argument text of each call `Promise.all(…)` / `Promise.allSettled(…)`, parentheses matched. */
function concurrentArguments(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/Promise\.all(?:Settled)?\(/g)) {
    let depth = 1;
    let at = match.index + match[0].length;
    const start = at;
    while (at < source.length && depth > 0) {
      const c = source[at];
      if (c === '(') depth += 1;
      else if (c === ')') depth -= 1;
      at += 1;
    }
    found.push(source.slice(start, at - 1));
  }
  return found;
}

/** Names of the file's own helpers that send a request (their text calls fetch or inject). */
function requestHelpers(source: string): Set<string> {
  const declaration =
    /(?:^|\n)\s*(?:async\s+)?(?:function\s+(\w+)|(?:const|let)\s+(\w+)\s*=\s*(?:async\s*)?(?:\(|\w+\s*=>|function))/g;
  const starts = [...source.matchAll(declaration)].map((m) => ({
    name: (m[1] ?? m[2])!,
    at: m.index,
  }));
  const helpers = new Set<string>();
  starts.forEach(({ name, at }, i) => {
    const body = source.slice(at, Math.min(starts[i + 1]?.at ?? source.length, at + 1200));
    if (/\bfetch\(|\.inject\(|\bfetchAs\(|\binjectAs\(|http\.request\(/.test(body))
      helpers.add(name);
  });
  return helpers;
}

/** Whether some Promise.all runs requests side by side: fetch, inject, or a helper sending one. */
function firesConcurrentRequests(source: string): boolean {
  const helpers = requestHelpers(source);
  const calls = /\b(?:fetch|inject|as[A-Z]\w*|client|post|put|patch|send|call|request)\(/;
  return concurrentArguments(source).some(
    (argument) =>
      calls.test(argument) ||
      /\.inject\(/.test(argument) ||
      [...argument.matchAll(/\b(\w+)\(/g)].some((m) => helpers.has(m[1]!)),
  );
}

type Sign = { name: string; shows: (source: string) => boolean };

const SIGNS: Sign[] = [
  {
    name: 'opens a listening server (`.listen({ … })`)',
    shows: (s) => /\.listen\(\{/.test(s),
  },
  {
    name: 'spawns the server or a script (spawnServer, spawnProcess, spawn, server/main.ts)',
    shows: (s) => /\bspawn(?:Server|Process|Sync)?\(|server\/main\.ts/.test(s),
  },
  {
    name: 'fires concurrent requests (Promise.all over requests)',
    shows: firesConcurrentRequests,
  },
  {
    name: 'takes a lock (FOR UPDATE, SKIP LOCKED, an advisory lock)',
    shows: (s) => /FOR UPDATE|SKIP LOCKED|pg_advisory|advisory lock|holdingAdvisoryLock/i.test(s),
  },
  {
    name: "runs only or differently on PostgreSQL (JUMPSEAT_TEST_DB === 'postgres')",
    shows: (s) => /JUMPSEAT_TEST_DB\s*===\s*'postgres'/.test(s),
  },
  {
    name: 'two instances, the LISTEN/NOTIFY bus or a database outage',
    shows: (s) =>
      /\btwoInstances\(|createPostgresBus\(|isDatabaseUnavailable|pg_ctl|LISTEN\/NOTIFY/.test(s),
  },
];

/** The one sign a `// @pglite-only: <why>` first line may answer: nothing else can opt out. */
const OPT_OUT_SIGN = SIGNS[1]!.name;

const files = serverTestFiles(root).map(({ file, firstLine }) => ({
  file,
  firstLine,
  source: readFileSync(path.join(root, file), 'utf8'),
}));

describe('the PostgreSQL pass (docs/testing.md)', () => {
  it('reads every server test file, and the pass is a part of them', () => {
    expect(files.length).toBeGreaterThan(60);
    const pass = postgresPassFiles(root);
    expect(pass.length).toBeGreaterThan(10);
    expect(pass.length).toBeLessThan(files.length);
  });

  it('every server test file showing a sign is in the pass (first line `// @postgres: <why>`)', () => {
    const unmarked = files.flatMap(({ file, firstLine, source }) => {
      if (POSTGRES_MARKER.test(firstLine)) return [];
      const optedOut = PGLITE_ONLY_MARKER.test(firstLine);
      return SIGNS.filter((sign) => sign.shows(source))
        .filter((sign) => !(optedOut && sign.name === OPT_OUT_SIGN))
        .map((sign) => `${file}: ${sign.name}, but its first line is not '// @postgres: <why>'`);
    });
    expect(unmarked).toEqual([]);
  });

  it('a marker is on the first line with its reason, and a file carries one marker at most', () => {
    const misplaced = files.flatMap(({ file, source }) =>
      source
        .split('\n')
        .slice(1)
        .filter((line) => /^\s*\/\/ @(?:postgres|pglite-only)\b/.test(line))
        .map(() => `${file}: a marker below the first line is not read`),
    );
    const empty = files
      .filter(({ firstLine }) => /^\/\/ @(?:postgres|pglite-only):?\s*$/.test(firstLine))
      .map(({ file }) => `${file}: a marker without its reason`);
    expect([...misplaced, ...empty]).toEqual([]);
  });

  it('a file opted out with `// @pglite-only: <why>` does not run engine-specific code', () => {
    const wrong = files
      .filter(({ firstLine }) => PGLITE_ONLY_MARKER.test(firstLine))
      .flatMap(({ file, source }) =>
        SIGNS.filter((sign) => sign.name !== OPT_OUT_SIGN && sign.shows(source)).map(
          (sign) => `${file}: ${sign.name}; only the spawn sign may be opted out`,
        ),
      );
    expect(wrong).toEqual([]);
  });

  it('the signs see what they are meant to see', () => {
    const shown = (source: string) => SIGNS.filter((s) => s.shows(source)).map((s) => s.name);
    expect(shown("await t.app.listen({ port: 0, host: '127.0.0.1' });")).toEqual([SIGNS[0]!.name]);
    // A stand-in (SMTP, Telegram) listening on its own port is not the app.
    expect(shown("smtp.listen(0, '127.0.0.1', done);")).toEqual([]);
    expect(shown('const s = spawnServer({ DATA_DIR: dir });')).toEqual([SIGNS[1]!.name]);
    expect(
      firesConcurrentRequests(
        'const r = await Promise.all(Array.from({ length: 8 }, () => fetch(url)));',
      ),
    ).toBe(true);
    expect(
      firesConcurrentRequests(
        "const send = (c: string) => t.app.inject({ method: 'POST', url, payload: c });\n" +
          'await Promise.all([1, 2].map((i) => send(String(i))));',
      ),
    ).toBe(true);
    // Building fixtures side by side is not a race under test.
    expect(
      firesConcurrentRequests('await Promise.all([1, 2].map(() => buildCrew(t.database.db)));'),
    ).toBe(false);
    expect(shown("const onPostgres = process.env.JUMPSEAT_TEST_DB === 'postgres';")).toEqual([
      SIGNS[4]!.name,
    ]);
    expect(shown('const two = await twoInstances(clock);')).toEqual([SIGNS[5]!.name]);
  });
});
