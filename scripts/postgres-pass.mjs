// Which server test files the PostgreSQL pass runs (`npm test`'s vitest-postgres stage): those
// whose first line is `// @postgres: <why>`. The rule that decides which files carry it is
// docs/testing.md; scripts/postgres-pass.test.ts fails the build when a file shows a sign of it
// and is not marked. Every file, marked or not, runs on PGlite in the vitest stage.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server project's test files (vitest.config.ts: server/**, bench/**). */
export const SERVER_TEST_DIRS = ['server', 'bench'];

/** The first-line marker of a file in the pass, and of one that stays out despite a sign. */
export const POSTGRES_MARKER = /^\/\/ @postgres: (\S.*)$/;
export const PGLITE_ONLY_MARKER = /^\/\/ @pglite-only: (\S.*)$/;

function testFiles(root, dir) {
  const found = [];
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (entry.name.endsWith('.test.ts')) found.push(child);
    }
  };
  walk(dir);
  return found;
}

/** Every server test file, relative to `root`, sorted, with its first line. */
export function serverTestFiles(root = process.cwd()) {
  return SERVER_TEST_DIRS.flatMap((dir) => testFiles(root, dir))
    .sort()
    .map((file) => ({
      file,
      firstLine: readFileSync(path.join(root, file), 'utf8').split('\n', 1)[0] ?? '',
    }));
}

/** The files the PostgreSQL pass runs, relative to `root`, sorted. */
export function postgresPassFiles(root = process.cwd()) {
  return serverTestFiles(root)
    .filter(({ firstLine }) => POSTGRES_MARKER.test(firstLine))
    .map(({ file }) => file);
}

// `node scripts/postgres-pass.mjs` prints the list, one file a line.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(postgresPassFiles().join('\n'));
}
