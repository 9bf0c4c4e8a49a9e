// After `vite build`: writes Brotli (.br) and gzip (.gz) copies of the web app's text files, so
// the server sends a phone on hotel Wi-Fi about a quarter of the bytes without compressing
// anything per request (@fastify/static `preCompressed`).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? 'web/dist';
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

let before = 0;
let after = 0;
for (const file of files(dist)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const raw = readFileSync(file);
  if (raw.length < 1024) continue;
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
  before += raw.length;
  after += br.length;
}
console.log(
  `compressed web assets: ${(before / 1024).toFixed(0)} KiB -> ${(after / 1024).toFixed(0)} KiB (brotli)`,
);
