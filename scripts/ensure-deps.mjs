// Installs dependencies when node_modules is missing or older than package-lock.json,
// so `npm start` and `npm test` work on a fresh clone. Plain Node: runs before any install.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json';
const lock = 'package-lock.json';
const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs;

if (stale) {
  // `npm install` rather than `npm ci`: the registry here serves only this platform's optional
  // binaries, so the lock lacks the others and `npm ci` refuses it. With the lock in sync,
  // `npm install` installs exactly the locked versions.
  console.log('Installing dependencies (npm install from package-lock.json)...');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
