import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  DIFFERENT_HEADING,
  isSaid,
  listedAsDifferent,
  normaliseSource,
  quotedTexts,
  sectionEight,
} from './spec-texts';

/**
 * An audit that stays true (issue 46): every quoted text of both spec documents' §8 (the
 * messages) is said somewhere in the source, or docs/api.md lists it as deliberately different.
 * A change that drops a text fails here, so it has to say so.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SPEC_DOCS = ['accounts-membership-admin.md', 'flights-waves-chat.md'];
const SOURCE_DIRS = ['web', 'server', 'domain'];

function sourceFiles(): string[] {
  return SOURCE_DIRS.flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .map((file) => `${dir}/${file.split(path.sep).join('/')}`)
      .filter(
        (file) =>
          /\.(tsx?|html)$/.test(file) &&
          !/\.test\.tsx?$/.test(file) &&
          !/(^|\/)(test|node_modules|dist)\//.test(file),
      ),
  );
}

describe('spec texts (both documents, §8)', () => {
  const texts = SPEC_DOCS.flatMap((doc) =>
    quotedTexts(sectionEight(readFileSync(path.join(root, 'docs/spec', doc), 'utf8'))).map(
      (text) => ({ doc, text }),
    ),
  );
  const apiDoc = readFileSync(path.join(root, 'docs/api.md'), 'utf8');
  const different = new Set(listedAsDifferent(apiDoc));

  it('reads the catalogues (a changed heading must not empty the audit)', () => {
    for (const doc of SPEC_DOCS)
      expect(texts.filter((t) => t.doc === doc).length).toBeGreaterThan(40);
    expect(apiDoc).toContain(DIFFERENT_HEADING);
  });

  it('every §8 text is said in the source, or listed in docs/api.md as deliberately different', () => {
    const source = sourceFiles()
      .map((file) => normaliseSource(readFileSync(path.join(root, file), 'utf8')))
      .join('\n');
    const missing = texts
      .filter(({ text }) => !different.has(text) && !isSaid(text, source))
      .map(({ doc, text }) => `${doc}: '${text}'`);
    expect(missing, `say them, or list them under '${DIFFERENT_HEADING}' with why`).toEqual([]);
  });

  it('lists as different only texts that are in §8', () => {
    const known = new Set(texts.map((t) => t.text));
    expect([...different].filter((text) => !known.has(text))).toEqual([]);
  });
});

describe('the matching', () => {
  it('keeps apostrophes inside a text and reads both kinds of quote', () => {
    expect(quotedTexts(`toast 'Already on Flight: You're in' and "You don't" then 'x'`)).toEqual([
      "Already on Flight: You're in",
      "You don't",
      'x',
    ]);
  });

  it('reads placeholders, built-in numbers, elisions and split titles', () => {
    // Source text as it is written in a file, template placeholders and all.
    const placeholder = (name: string) => `\${${name}}`;
    const source = normaliseSource(
      `toast.error('Search failed', \`Search failed: ${placeholder('res.status')}\`);\n` +
        `const M = \`kept for ${placeholder('DAYS')} days before it is deleted\`;\n` +
        "toast.error('Payment Error', 'Failed to start payment process. Try again.');\n" +
        "toast.info('Account Deleted', M); const s = 'It\\'s done';",
    );
    expect(isSaid('Search failed: {status}', source)).toBe(true);
    expect(isSaid('Account Deleted: Data will be kept for 30 days...', source)).toBe(false);
    expect(isSaid('Account Deleted: kept for 30 days before it is deleted', source)).toBe(true);
    expect(isSaid('Failed to start payment process...', source)).toBe(true);
    expect(isSaid("It's done", source)).toBe(true);
    expect(isSaid('Payment Error: Something else', source)).toBe(false);
    expect(isSaid('Message sent', source)).toBe(false);
  });

  it('does not count a text that only a comment names', () => {
    const source = normaliseSource(
      [
        "/** Says 'Failed to initialize Stripe' when … */",
        "// then 'Message sent'",
        "{/* 'Sending message...' */} <!-- 'Wave Deleted' -->",
        "const url = 'https://example.com/x'; const t = 'Kept';",
      ].join('\n'),
    );
    for (const text of [
      'Failed to initialize Stripe',
      'Message sent',
      'Sending message...',
      'Wave Deleted',
    ])
      expect(isSaid(text, source), text).toBe(false);
    expect(isSaid('https://example.com/x', source)).toBe(true);
    expect(isSaid('Kept', source)).toBe(true);
  });

  it('takes the deliberately different texts only from their list', () => {
    const doc = [
      "Before: 'Not this'.",
      DIFFERENT_HEADING,
      '',
      "Prose with 'an example' is not the list.",
      "- 'Message sent': a status on the message instead.",
      '',
      '## Next section',
      "- 'Nor this'",
    ].join('\n');
    expect(listedAsDifferent(doc)).toEqual(['Message sent']);
  });
});
