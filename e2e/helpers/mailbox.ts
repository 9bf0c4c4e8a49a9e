import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { test } from '@playwright/test';

const PIN_PATTERN = /PIN is (\d{4})/;
const RESET_TOKEN_PATTERN = /reset-passcode\?token=([A-Za-z0-9_-]+)/;
const POLL_MS = 250;

/**
 * The dev mail folder the server of this test's project writes .eml files to (DATA_DIR/mail):
 * the project's `metadata.dataDir` (playwright.config.ts), else E2E_DATA_DIR.
 */
function mailDir(): string {
  let dataDir: string | undefined;
  try {
    dataDir = (test.info().project.metadata as { dataDir?: string }).dataDir;
  } catch {
    // Outside a test: the shared server's.
  }
  dataDir ??= process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return path.join(dataDir, 'mail');
}

/** Mail bodies may arrive quoted-printable or base64: the PIN is looked for in every reading. */
function readings(raw: string): string[] {
  const quotedPrintable = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const base64Parts = [...raw.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{16,})(?:\r?\n--|$)/g)].map(
    (match) => Buffer.from(match[1]!.replace(/\s/g, ''), 'base64').toString('utf8'),
  );
  return [raw, quotedPrintable, ...base64Parts];
}

async function newestFirst(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  const files = await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      return { file, mtime: (await stat(file)).mtimeMs };
    }),
  );
  return files.sort((a, b) => b.mtime - a.mtime || (a.file < b.file ? 1 : -1)).map((f) => f.file);
}

/**
 * The PIN from the newest e-mail to `address` that carries one, polling while the server's
 * mail job catches up (up to `timeoutMs`).
 */
export async function readPinFromMailbox(address: string, timeoutMs = 10_000): Promise<string> {
  return readFromMailbox(address, PIN_PATTERN, timeoutMs);
}

/** The token of the newest 'Forgot passcode' link mailed to `address`. */
export async function readResetTokenFromMailbox(address: string, timeoutMs = 10_000) {
  return readFromMailbox(address, RESET_TOKEN_PATTERN, timeoutMs);
}

async function readFromMailbox(address: string, pattern: RegExp, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  const wanted = address.toLowerCase();
  for (;;) {
    for (const file of await newestFirst(mailDir())) {
      const raw = await readFile(file, 'utf8');
      if (!raw.toLowerCase().includes(wanted)) continue;
      for (const text of readings(raw)) {
        const found = pattern.exec(text)?.[1];
        if (found) return found;
      }
    }
    if (Date.now() > deadline) {
      throw new Error(
        `No e-mail matching ${pattern} for ${address} in ${mailDir()} after ${timeoutMs} ms`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
