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

export default defineConfig({
  root: here,
  plugins: [react(), tailwindcss(), serviceWorkerPlugin()],
  resolve: { alias: { '@domain': path.resolve(here, '../domain') } },
  // No source maps in the build: they would publish the original source (comments included)
  // to anyone; the server refuses *.map as well (server/plugins/spa.ts).
  build: {
    outDir: path.resolve(here, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      // A feature's index.ts only re-exports (the features-through-index rule): importing one
      // name from it must not pull the feature's other files into the first load.
      treeshake: { moduleSideEffects: (id) => !/\/web\/src\/features\/[^/]+\/index\.ts$/.test(id) },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget.replace('http', 'ws'), ws: true },
    },
  },
});
