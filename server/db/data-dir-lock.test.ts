import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock';

describe('DATA_DIR lock', () => {
  it('refuses a DATA_DIR a live process holds, and takes over a stale one', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'jumpseat-lock-'));
    // The test runner's parent is alive: it plays the running server.
    writeFileSync(path.join(dir, 'in-use.pid'), `${process.ppid}\nthe Jumpseat server\n`);
    expect(() => lockDataDir(dir, 'npm run seed')).toThrow(
      `DATA_DIR ${dir} is in use by the Jumpseat server (pid ${process.ppid}); stop it first`,
    );
    writeFileSync(path.join(dir, 'in-use.pid'), '999999999\nthe Jumpseat server\n');
    const unlock = lockDataDir(dir, 'npm run seed');
    expect(() => lockDataDir(dir, 'again')).not.toThrow();
    unlock();
  });
});
