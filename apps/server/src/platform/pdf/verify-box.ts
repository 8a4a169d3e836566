import QRCode from 'qrcode';
import { colours, contentLeft, contentWidth, type Doc, keepTogether } from './document.ts';
import { artifact, tagged } from './structure.ts';

export type VerifyBox = { title: string; url: string; fingerprintLabel: string; fingerprint: string };

const BOX_HEIGHT = 104;
const GAP_BELOW = 16;

/**
 * The room the box takes. A section printed just before it asks for this much more, so the box is
 * never left alone on a page of its own.
 */
export const VERIFY_BOX_SPACE = BOX_HEIGHT + GAP_BELOW;

/**
 * A framed box with a QR code to the document's public page, that address in full, and the content
 * fingerprint to compare a paper copy with the online record. Kept on one page.
 */
export function drawVerifyBox(doc: Doc, box: VerifyBox): void {
  keepTogether(
    doc,
    BOX_HEIGHT,
    (top) => {
      const left = contentLeft(doc);
      const width = contentWidth(doc);
      artifact(doc, () =>
        doc.roundedRect(left, top, width, BOX_HEIGHT, 6).lineWidth(0.75).strokeColor(colours.rule).stroke(),
      );
      const qrSize = BOX_HEIGHT - 24;
      tagged(doc, 'Figure', () => drawQrCode(doc, box.url, left + 12, top + 12, qrSize), {
        alt: `QR code that opens ${box.url}`,
        bbox: [left + 12, top + 12, left + 12 + qrSize, top + 12 + qrSize],
      });
      const textLeft = left + BOX_HEIGHT + 4;
      const textWidth = width - BOX_HEIGHT - 16;
      doc
        .font('bold')
        .fontSize(10)
        .fillColor(colours.ink)
        .text(box.title, textLeft, top + 12, { width: textWidth });
      doc.font('regular').fontSize(8.5).fillColor(colours.muted).text('Scan the code or open:', { width: textWidth });
      // On a line of its own, so the address is never split where a reader would copy it. Given no
      // width, pdfkit draws it as one line without measuring each piece between its slashes, a
      // word no other document shares (ADR 0104); one too long for the box still wraps.
      doc.fontSize(7.5).fillColor(colours.ink);
      if (doc.widthOfString(box.url) <= textWidth) {
        const lineTop = doc.y;
        doc.text(box.url, textLeft, lineTop, { lineBreak: false });
        // Without a width pdfkit moves along the line, not down it: back to where a wrapped line ends.
        doc.x = textLeft;
        doc.y = lineTop + doc.currentLineHeight(true);
      } else doc.text(box.url, { width: textWidth });
      doc.moveDown(0.3);
      doc.fontSize(8.5).fillColor(colours.muted).text(box.fingerprintLabel, { width: textWidth });
      doc.font('mono').fontSize(8).fillColor(colours.ink).text(box.fingerprint, { width: textWidth });
    },
    GAP_BELOW,
  );
}

/** Draws the QR code as vector squares: crisp at any zoom and a few hundred bytes. */
export function drawQrCode(doc: Doc, text: string, x: number, y: number, size: number) {
  // One byte-mode segment: qrcode's search for the shortest mix of modes was half the code's time,
  // and an https address in lower case is one byte segment anyway, so its code is the same.
  const qr = QRCode.create([{ data: Buffer.from(text), mode: 'byte' }], { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const cell = size / count;
  doc.save().fillColor('#000000');
  for (let row = 0; row < count; row++) {
    // One rectangle per run of dark modules: a third of the drawing operations of one per module.
    let runStart = -1;
    for (let column = 0; column <= count; column++) {
      const dark = column < count && qr.modules.get(row, column);
      if (dark && runStart < 0) runStart = column;
      if (!dark && runStart >= 0) {
        doc.rect(x + runStart * cell, y + row * cell, (column - runStart) * cell + 0.1, cell + 0.1);
        runStart = -1;
      }
    }
  }
  doc.fill().restore();
}
