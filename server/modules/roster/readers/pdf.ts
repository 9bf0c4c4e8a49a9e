/** A PDF the text extraction cannot read (damaged, encrypted, or only images). */
export class UnreadablePdf extends Error {}

// Items whose baselines are this close (in PDF points) sit on one printed line.
const SAME_LINE = 2;
/** A roster is a few pages; a year's is a few dozen. Pages past this are not read. */
export const PDF_MAX_PAGES = 60;

type Piece = { str: string; x: number; y: number };

/**
 * The text of a PDF roster for the text parser: each printed line as one line, its pieces in
 * reading order (left to right) separated by two spaces, pages one after the other (at most
 * PDF_MAX_PAGES). PDF.js comes through unpdf's serverless build (loaded on the first PDF only),
 * which has no eval or Function path for a crafted font to reach. A PDF with no text (a scan) is refused as unreadable rather
 * than read as an empty roster.
 */
export async function pdfToRosterText(bytes: Uint8Array): Promise<string> {
  const { getDocumentProxy } = await import('unpdf');
  const pages: Piece[][] = [];
  try {
    const document = await getDocumentProxy(new Uint8Array(bytes));
    try {
      const count = Math.min(document.numPages, PDF_MAX_PAGES);
      for (let n = 1; n <= count; n++) {
        const page = await document.getPage(n);
        const content = await page.getTextContent();
        const pieces: Piece[] = [];
        for (const item of content.items) {
          if (!('str' in item)) continue;
          pieces.push({ str: item.str, x: item.transform[4] ?? 0, y: item.transform[5] ?? 0 });
        }
        pages.push(pieces);
      }
    } finally {
      await document.loadingTask.destroy();
    }
  } catch {
    throw new UnreadablePdf('This PDF could not be read: it may be damaged or password-protected');
  }
  const lines: string[] = [];
  for (const items of pages) {
    const rows: { y: number; items: Piece[] }[] = [];
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
