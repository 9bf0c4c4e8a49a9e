// `node --import ./server/typescript-imports.mjs <file>.ts`: how the server and its scripts run.
// Node 24 strips the types itself (its type stripping, no transpiler: line and column in a stack
// trace are the source's); this adds what that leaves to a bundler, the project's extensionless
// relative imports (`./config`, `../../domain`), resolved as TypeScript resolves them: `.ts`,
// then `/index.ts`. Only for the project's own TypeScript files; packages resolve as Node does.
// A server start took ~2 CPU seconds less than through tsx (which transpiles every module on a
// worker thread of its own), on the 2-core machine: docs/operations.md, 'How the server runs'.
import { statSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { fileURLToPath } from 'node:url';

// An older Node (its own, not the project's: `npm start` puts the project's Node 24 first) has
// no synchronous resolve hooks, or strips no types unflagged: one line saying so, not a stack trace.
if (typeof nodeModule.registerHooks !== 'function' || !process.features.typescript) {
  console.error(
    `Jumpseat runs on Node 24 (package.json), not ${process.version}: start it with \`npm start\`.`,
  );
  process.exit(1);
}

const HAS_EXTENSION = /\.[cm]?[jt]sx?$|\.json$/;
const isFile = (url) => statSync(fileURLToPath(url), { throwIfNoEntry: false })?.isFile() ?? false;

nodeModule.registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (
      parent?.startsWith('file:') &&
      parent.endsWith('.ts') &&
      !parent.includes('/node_modules/') &&
      (specifier === '.' ||
        specifier === '..' ||
        specifier.startsWith('./') ||
        specifier.startsWith('../')) &&
      !HAS_EXTENSION.test(specifier)
    ) {
      // '.', '..' and './dir/' name a directory only: its index.ts, by one URL (a module is one
      // URL, so no '//' in it).
      const directory = specifier === '.' || specifier === '..' || specifier.endsWith('/');
      const base = new URL(specifier, parent).href.replace(/\/$/, '');
      const candidates = directory ? [`${base}/index.ts`] : [`${base}.ts`, `${base}/index.ts`];
      for (const candidate of candidates) {
        if (isFile(candidate)) return nextResolve(candidate, context);
      }
    }
    return nextResolve(specifier, context);
  },
});
