import { parse } from 'node-html-parser';

/**
 * The text of an HTML roster (AIMS eCrew's schedule export, or a crew portal's page saved as
 * HTML), one line per table row (its cells' text in order, separated by two spaces) and per block
 * element, for the text parser. Scripts, styles and head are left out.
 */
export function htmlToRosterText(html: string): string {
  // The doctype is no text of the page (the parser would keep it as text).
  const root = parse(html.replace(/<!DOCTYPE[^>]*>/gi, ''), {
    blockTextElements: { script: false, style: false, noscript: false },
  });
  for (const head of root.querySelectorAll('head')) head.remove();
  for (const row of root.querySelectorAll('tr')) {
    const cells = row
      .querySelectorAll('td, th')
      .map((cell) => cell.textContent.replace(/\s+/g, ' ').trim())
      .filter(Boolean);
    row.replaceWith(`<p>${escapeText(cells.join('  '))}</p>`);
  }
  for (const br of root.querySelectorAll('br')) br.replaceWith('\n');
  return root.structuredText
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n');
}

const escapeText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
