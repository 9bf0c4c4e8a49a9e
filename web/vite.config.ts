import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '5000'}`;

/** Every file of the build, as the URL paths the service worker keeps (no compressed copies). */
function builtFiles(dir: string, base = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return builtFiles(full, `${base}/${name}`);
    if (/\.(br|gz|map)$/.test(name) || (base === '' && name === 'sw.js')) return [];
    return [`${base}/${name}`];
  });
}

/**
 * Writes dist/sw.js from web/service-worker.js with the build's file list and a version made
 * from their contents: a deploy that changes any file is a new worker, which the page offers to load.
 * Only in `vite build`; the dev server has no service worker.
 */
function serviceWorkerPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'jumpseat-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const files = builtFiles(outDir).sort();
      const hash = createHash('sha256');
      for (const file of files) hash.update(file).update(readFileSync(path.join(outDir, file)));
      const version = hash.digest('hex').slice(0, 12);
      const source = readFileSync(path.join(here, 'service-worker.js'), 'utf8')
        .replace(
          'const PRECACHE = []; // __PRECACHE__',
          `const PRECACHE = ${JSON.stringify(files)};`,
        )
        .replace("const VERSION = 'dev'; // __VERSION__", `const VERSION = '${version}';`);
      if (!source.includes(version)) throw new Error('service-worker.js: markers not found');
      writeFileSync(path.join(outDir, 'sw.js'), source);
    },
  };
}

/** The start's later stages (main.tsx), loaded by import() but wanted at once on every load. */
const START_STAGES = ['/web/src/app/routes.tsx', '/web/src/app/mount.tsx'];

/**
 * index.html preloads the start's stages with the entry: main.tsx imports them dynamically, so
 * their evaluation runs in tasks of their own, and without these links the browser would find
 * their code only then, a round trip later. Static links, not Vite's preload helper, whose
 * inserting of links costs the phone main-thread time (see modulePreload below).
 */
function startStagesPreloadPlugin(): Plugin {
  return {
    name: 'jumpseat-start-stages-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        const entry = ctx.chunk;
        if (!bundle || !entry) return [];
        const have = new Set([entry.fileName, ...entry.imports]);
        const files: string[] = [];
        const add = (fileName: string) => {
          if (have.has(fileName)) return;
          have.add(fileName);
          files.push(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') for (const next of chunk.imports) add(next);
        };
        const stages = Object.values(bundle).filter(
          (chunk) =>
            chunk.type === 'chunk' &&
            START_STAGES.some((stage) => chunk.facadeModuleId?.endsWith(stage)),
        );
        if (stages.length !== START_STAGES.length) {
          throw new Error('start stages: a stage is no chunk of its own (main.tsx imports them)');
        }
        for (const stage of stages) add(stage.fileName);
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  root: here,
  plugins: [react(), tailwindcss(), serviceWorkerPlugin(), startStagesPreloadPlugin()],
  resolve: { alias: { '@domain': path.resolve(here, '../domain') } },
  // No source maps in the build: they would publish the original source (comments included)
  // to anyone; the server refuses *.map as well (server/plugins/spa.ts).
  build: {
    outDir: path.resolve(here, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
    // The page's own scripts are preloaded from index.html as usual. A lazily loaded screen's
    // are not: Vite's helper would add a <link rel=modulepreload> per chunk the screen imports,
    // and on a phone inserting those links cost more main-thread time (~70 ms at Lighthouse's
    // 4x slowdown on /home) than the one round trip the browser needs to find them itself.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rollupOptions: {
      // A feature's index.ts only re-exports (the features-through-index rule), and domain/ is
      // pure by rule (tested): importing one name from either must not pull the other files,
      // with their top-level zod schemas, into the first load.
      treeshake: {
        moduleSideEffects: (id) =>
          !/\/web\/src\/features\/[^/]+\/index\.ts$/.test(id) && !/\/domain\//.test(id),
      },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      // The walkthrough PDF is generated by the server, outside /api (accounts spec §2).
      '/demo/download': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget.replace('http', 'ws'), ws: true },
    },
  },
});
