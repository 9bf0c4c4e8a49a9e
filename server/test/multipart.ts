/** A multipart/form-data body with one file, for `app.inject` (as a browser's FormData sends). */
export function multipartFile(
  filename: string,
  content: string | Uint8Array,
  options: { field?: string; type?: string } = {},
) {
  const boundary = `----jumpseat${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${filename}"\r\nContent-Type: ${options.type ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([head, Buffer.from(content), tail]),
  };
}

/** A PDF drawn by `draw` on an A4 pdfkit document (Helvetica 10), as a roster's export would be. */
export async function pdfDrawn(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 40 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat(chunks))),
  );
  doc.font('Helvetica').fontSize(10);
  draw(doc);
  doc.end();
  return done;
}

/** A PDF whose pages print `lines`, one after another. */
export const pdfOf = (lines: readonly string[]): Promise<Buffer> =>
  pdfDrawn((doc) => {
    for (const line of lines) doc.text(line);
  });
