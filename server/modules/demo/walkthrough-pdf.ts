import PDFDocument from 'pdfkit';
import { DEMO_STEPS, type DemoStep, demoExampleLines } from '../../../domain';

/**
 * The standard PDF fonts encode WinAnsi only: characters outside it (the route arrow) would
 * print as garbage and break text selection, so they are spelled in ASCII here.
 */
const pdfText = (text: string) => text.replaceAll('→', '->');

const BRAND = '#1d4ed8';
const MUTED = '#475569';

/**
 * The demo walkthrough as a PDF, one A4 page per step, drawn from DEMO_STEPS (the same data as
 * the /demo screen). Real text in standard fonts, so it can be selected, searched and read aloud.
 * `createdAt` is fixed by the caller so the same release always produces the same bytes.
 */
export function renderWalkthroughPdf(createdAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    autoFirstPage: false,
    info: {
      Title: 'Jumpseat walkthrough',
      Author: 'Jumpseat',
      Subject: 'A seven-step tour of Jumpseat',
      CreationDate: createdAt,
    },
    lang: 'en-GB',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  DEMO_STEPS.forEach((step, index) => {
    doc.addPage();
    drawStep(doc, step, index);
  });
  doc.end();
  return done;
}

function drawStep(doc: PDFKit.PDFDocument, step: DemoStep, index: number) {
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(11)
    .text(`Jumpseat walkthrough · Step ${index + 1} of ${DEMO_STEPS.length}`, { width });
  doc.moveDown(1.5);
  doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(26).text(pdfText(step.title), { width });
  doc.moveDown(0.6);
  doc.fillColor('#0f172a').font('Helvetica').fontSize(14).text(pdfText(step.summary), { width });
  doc.moveDown(1);
  doc.fontSize(12).list(step.points.map(pdfText), { width, bulletRadius: 2.5, paragraphGap: 4 });
  if (step.example) {
    doc.moveDown(1.5);
    doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(13).text('Example', { width });
    doc.moveDown(0.4);
    doc.fillColor('#0f172a').font('Helvetica').fontSize(11);
    for (const line of demoExampleLines(step.example)) {
      doc.text(pdfText(line), { width, paragraphGap: 4 });
    }
  }
}
