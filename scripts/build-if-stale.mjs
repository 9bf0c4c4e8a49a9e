// `npm start`: build the web app only when web/dist is older than something it is built from
// (web/ sources, domain/, the vite config, package-lock.json). An unchanged checkout restarts
// without the ~8 s vite build. `npm run build` always builds.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(root, 'web', 'dist');
const SKIP = new Set(['node_modules', 'dist', '.vite']);

function newestIn(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newestIn(full) : statSync(full).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

/** The built index.html is written last by vite; compress-dist.mjs finishes the build after it. */
function builtAt() {
  const marker = path.join(dist, 'index.html.br');
  const index = path.join(dist, 'index.html');
  if (!existsSync(index) || !existsSync(marker)) return 0;
  return Math.min(statSync(index).mtimeMs, statSync(marker).mtimeMs);
}

const sources = Math.max(
  newestIn(path.join(root, 'web')),
  newestIn(path.join(root, 'domain')),
  statSync(path.join(root, 'package-lock.json')).mtimeMs,
);
if (builtAt() > sources) {
  console.log('Web app is up to date (web/dist newer than its sources): not rebuilding.');
} else {
  const run = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
