import { colours, contentLeft, type Doc, keepTogether } from './document.ts';
import { drawImage } from './images.ts';
import { artifact, tagged } from './structure.ts';

export type SignatureBlock = {
  /** The signature image (PNG/JPEG), or null for a line to sign on paper. */
  image: Buffer | null;
  /** Printed under the line, e.g. "Zoë Ng-Đặng  ·  14 November 2026". */
  caption: string;
  /** Where the block starts across the page; several blocks can stand side by side. */
  x?: number;
  width?: number;
};

const IMAGE_HEIGHT = 60;
const LINE_Y = 64;
const SIGNATURE_BLOCK_HEIGHT = 80;

/** A signature image over a line, with the signer's name (and date) beneath; kept on one page. */
export function drawSignatureBlock(doc: Doc, block: SignatureBlock): void {
  const left = block.x ?? contentLeft(doc);
  const width = block.width ?? 200;
  keepTogether(
    doc,
    SIGNATURE_BLOCK_HEIGHT,
    (top) => {
      const image = block.image;
      if (image) {
        tagged(
          doc,
          'Figure',
          () => drawImage(doc, image, left, top, { fit: [width - 20, IMAGE_HEIGHT], valign: 'bottom' }),
          {
            alt: `Signature: ${block.caption}`,
            bbox: [left, top, left + width - 20, top + IMAGE_HEIGHT],
          },
        );
      }
      artifact(doc, () =>
        doc
          .moveTo(left, top + LINE_Y)
          .lineTo(left + width, top + LINE_Y)
          .lineWidth(0.5)
          .strokeColor(colours.muted)
          .stroke(),
      );
      doc
        .font('regular')
        .fontSize(9)
        .fillColor(colours.muted)
        .text(block.caption, left, top + LINE_Y + 4, { width });
    },
    12,
  );
}
