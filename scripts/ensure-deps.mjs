// Installs dependencies when node_modules is missing or older than package-lock.json,
// so `npm start` and `npm test` work on a fresh clone. Plain Node: runs before any install, on
// whatever Node the machine has; the scripts after it run on the project's own Node (the `node`
// package, node_modules/.bin/node, which npm puts first on a script's PATH).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json';
const lock = 'package-lock.json';
const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs;

if (stale) {
  // `npm ci`: exactly the locked versions, and a refusal when package.json and the lock drift
  // apart (the lock lists every platform's optional binaries, so it installs anywhere).
  console.log('Installing dependencies (npm ci from package-lock.json)...');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
