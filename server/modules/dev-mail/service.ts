import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const SHOWN = 10;

/** The text a person reads from one .eml file: its headers and its plain-text part, decoded. */
function readable(raw: string): string {
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(raw)?.[1]?.trim() ?? '';
  const plain = /Content-Type: text\/plain[^\n]*\n((?:[^\n]+\n)*)\n([\s\S]*?)(?:\n--|$)/i.exec(raw);
  let body = plain?.[2] ?? '';
  const encoding = /Content-Transfer-Encoding: (\S+)/i.exec(plain?.[1] ?? '')?.[1]?.toLowerCase();
  if (encoding === 'quoted-printable') {
    body = Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        ),
      'latin1',
    ).toString('utf8');
  } else if (encoding === 'base64') {
    body = Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  }
  return [
    `Date: ${header('Date')}`,
    `To: ${header('To')}`,
    `Subject: ${header('Subject')}`,
    '',
    body.trim(),
  ].join('\n');
}

/**
 * The newest mails written to `dir`, optionally only those to `to`, as plain text. The file
 * names start with the time they were written and end with the address (mail/transport.ts).
 */
export async function newestMails(dir: string, to: string | undefined): Promise<string> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml'));
  } catch {
    names = [];
  }
  const wanted = to?.replace(/[^a-z0-9@._-]/gi, '_');
  const chosen = names
    .filter((name) => !wanted || name.toLowerCase().endsWith(`-${wanted}.eml`))
    .sort((a, b) => (a < b ? 1 : -1))
    .slice(0, SHOWN);
  if (chosen.length === 0) {
    return `No mail${to ? ` to ${to}` : ''} in ${dir} yet.`;
  }
  const texts = await Promise.all(
    chosen.map(async (name) => readable(await readFile(path.join(dir, name), 'utf8'))),
  );
  return [
    `The newest ${chosen.length} mail(s)${to ? ` to ${to}` : ''} in ${dir}, newest first:`,
    ...texts,
  ].join(`\n\n${'-'.repeat(72)}\n\n`);
}
