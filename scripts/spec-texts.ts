/**
 * Reading the spec's message catalogues (§8) and finding their texts in the source: the audit of
 * scripts/spec-texts.test.ts (issue 46), kept apart so its matching is tested on its own.
 */

/** The heading in docs/api.md whose list holds the §8 texts said differently on purpose. */
export const DIFFERENT_HEADING = '### §8 texts worded differently';

/** The body of a document's `## 8.` section. */
export function sectionEight(markdown: string): string {
  const start = markdown.search(/^## 8\./m);
  if (start === -1) return '';
  const rest = markdown.slice(start + 1);
  const end = rest.search(/^## /m);
  return end === -1 ? rest : rest.slice(0, end);
}

/**
 * Quoted texts: '…' whose quotes are not inside a word (so "You're" and "Today's" stay inside
 * their text), and "…".
 */
export function quotedTexts(markdown: string): string[] {
  const quoted = /(?<![\p{L}\p{N}])'(.+?)'(?![\p{L}\p{N}])|"(.+?)"/gu;
  return [...markdown.matchAll(quoted)].map((m) => (m[1] ?? m[2]) as string);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^$()|[\]{}\\]/g, '\\$&');

/**
 * A spec text as a pattern over the source: `{name}` and a bare `N` stand for anything short, a
 * number may also be a value built in (`${DELETION_GRACE_DAYS}`), and a trailing '...' is the
 * spec's own elision of the rest.
 */
export function textPattern(text: string): RegExp {
  const body = text.replace(/\.\.\.$/, '');
  const literal = (piece: string) =>
    piece
      .split(/(\b\d+\b|\bN\b)/)
      .map((part, i) => (i % 2 === 1 ? '(?:\\d+|N|\\$\\{[^}]{1,60}\\})' : escapeRegExp(part)))
      .join('');
  return new RegExp(
    body
      .split(/\{[^}]*\}/)
      .map(literal)
      .join('[\\s\\S]{1,80}?'),
  );
}

/**
 * Source as the texts are read in it: comments dropped (a comment naming a text does not say
 * it to anyone), straight quotes, unescaped, whitespace collapsed. A `//` right after a colon or
 * a quote is a URL or a string, not a comment.
 */
export function normaliseSource(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
    .replace(/\\'/g, "'")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ');
}

/** Found whole, or as a toast's 'Title: text' with both halves found. */
export function isSaid(text: string, source: string): boolean {
  if (textPattern(text).test(source)) return true;
  const colon = text.indexOf(': ');
  if (colon === -1) return false;
  return textPattern(text.slice(0, colon)).test(source) && isSaid(text.slice(colon + 2), source);
}

/** The quoted texts of the list under DIFFERENT_HEADING in docs/api.md. */
export function listedAsDifferent(apiDoc: string): string[] {
  const start = apiDoc.indexOf(DIFFERENT_HEADING);
  if (start === -1) return [];
  const rest = apiDoc.slice(start + DIFFERENT_HEADING.length);
  const end = rest.search(/^#{2,3} /m);
  const list = (end === -1 ? rest : rest.slice(0, end))
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .join('\n');
  return quotedTexts(list);
}
