import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '5000'}`;

export default defineConfig({
  root: here,
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@domain': path.resolve(here, '../domain') } },
  // No source maps in the build: they would publish the original source (comments included)
  // to anyone; the server refuses *.map as well (server/plugins/spa.ts).
  build: {
    outDir: path.resolve(here, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
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
      '/ws': { target: apiTarget.replace('http', 'ws'), ws: true },
    },
  },
});
