import { extractTextItems, getDocumentProxy } from 'unpdf';

/** A PDF the text extraction cannot read (damaged, encrypted, or only images). */
export class UnreadablePdf extends Error {}

// Items whose baselines are this close (in PDF points) sit on one printed line.
const SAME_LINE = 2;

/**
 * The text of a PDF roster for the text parser: each printed line as one line, its pieces in
 * reading order (left to right) separated by two spaces, pages one after the other. A PDF with no
 * text (a scan) is refused as unreadable rather than read as an empty roster.
 */
export async function pdfToRosterText(bytes: Uint8Array): Promise<string> {
  let pages: { str: string; x: number; y: number }[][];
  try {
    const document = await getDocumentProxy(new Uint8Array(bytes));
    pages = (await extractTextItems(document)).items;
    await document.loadingTask.destroy();
  } catch {
    throw new UnreadablePdf('This PDF could not be read: it may be damaged or password-protected');
  }
  const lines: string[] = [];
  for (const items of pages) {
    const rows: { y: number; items: { str: string; x: number }[] }[] = [];
    for (const item of items) {
      if (!item.str.trim()) continue;
      const row = rows.find((r) => Math.abs(r.y - item.y) <= SAME_LINE);
      if (row) row.items.push(item);
      else rows.push({ y: item.y, items: [item] });
    }
    rows.sort((a, b) => b.y - a.y);
    for (const row of rows) {
      row.items.sort((a, b) => a.x - b.x);
      lines.push(row.items.map((i) => i.str.trim()).join('  '));
    }
  }
  if (!lines.some((line) => /[A-Za-z0-9]/.test(line))) {
    throw new UnreadablePdf(
      'No text found in this PDF: it may be a scanned image. Upload the roster as a text PDF, or paste its text',
    );
  }
  return lines.join('\n');
}
