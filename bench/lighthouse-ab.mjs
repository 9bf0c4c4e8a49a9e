#!/usr/bin/env node
/**
 * Lighthouse performance, this checkout against a baseline checkout, in one run (issue 19):
 *
 *   git worktree add /tmp/jumpseat-base <commit> && (cd /tmp/jumpseat-base && npm install && npm run build)
 *   npm run build && npm run bench:lighthouse -- /tmp/jumpseat-base
 *
 * Each side gets its own server and browser profile (service worker installed first, as the
 * quality gates do); the runs alternate between the sides, in turn order reversed every round,
 * so a busy moment of this 2-core machine lands on both. Prints every run and, per screen, the
 * median score and metrics of each side. LIGHTHOUSE_RUNS (default 3), LIGHTHOUSE_SCREENS
 * (default home,flight,messages; also landing, sign-in).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium, QUIET_BROWSER_UI } from '../scripts/find-chromium.mjs';
import {
  freePort,
  installabilityErrors,
  median,
  runLighthouse,
  seedMember,
  startServer,
} from '../scripts/quality-gates.mjs';

const here = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const baseline = process.argv[2];
if (!baseline) {
  console.error('usage: npm run bench:lighthouse -- <baseline checkout, built>');
  process.exit(2);
}
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const names = (process.env.LIGHTHOUSE_SCREENS ?? 'home,flight,messages').split(',');
const member = names.some((name) => !['landing', 'sign-in'].includes(name));

async function side(label, dir) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jumpseat-ab-'));
  const port = await freePort();
  const debuggingPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(port, dataDir, dir);
  const profile = mkdtempSync(path.join(os.tmpdir(), 'jumpseat-ab-chrome-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    args: [
      `--remote-debugging-port=${debuggingPort}`,
      '--no-sandbox',
      '--disable-gpu',
      QUIET_BROWSER_UI,
    ],
  });
  const { cookie, flightId } = await seedMember(base);
  await installabilityErrors(context, `${base}/`);
  if (member) {
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
      }),
    );
  }
  const paths = {
    landing: '/',
    'sign-in': '/passcode',
    home: '/home',
    flight: `/flight/${flightId}`,
    messages: '/messages',
  };
  const close = async () => {
    await context.close();
    await server.stop();
    rmSync(profile, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { label, base, debuggingPort, paths, close, results: {} };
}

const sides = [await side('this', here), await side('baseline', path.resolve(baseline))];
try {
  for (let round = 0; round < runs; round += 1) {
    for (const name of names) {
      for (const s of round % 2 ? [...sides].reverse() : sides) {
        const lhr = await runLighthouse(s.base + s.paths[name], s.debuggingPort, ['performance']);
        const result = {
          score: Math.round(lhr.categories.performance.score * 100),
          TBT: Math.round(lhr.audits['total-blocking-time'].numericValue),
          LCP: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
          FCP: Math.round(lhr.audits['first-contentful-paint'].numericValue),
        };
        s.results[name] = [...(s.results[name] ?? []), result];
        console.log(
          `${s.label.padEnd(8)} ${name.padEnd(9)} run ${round + 1}: ${JSON.stringify(result)}`,
        );
      }
    }
  }
  console.log('\nmedians (score, ms):');
  for (const name of names) {
    for (const s of sides) {
      const rs = s.results[name];
      const of = (key) => median(rs.map((r) => r[key]));
      console.log(
        `${name.padEnd(9)} ${s.label.padEnd(8)} performance ${of('score')}  TBT ${of('TBT')}  LCP ${of('LCP')}  FCP ${of('FCP')}  (runs: ${rs.map((r) => r.score).join(', ')})`,
      );
    }
  }
} finally {
  for (const s of sides) await s.close();
}
