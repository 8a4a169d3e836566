import { colours, contentLeft, contentWidth, type Doc } from './document.ts';
import { drawImage } from './images.ts';
import { artifact, tagged } from './structure.ts';

export type Letterhead = { logo: Buffer | null; name: string; lines: string[] };

const LOGO_WIDTH = 110;
const LOGO_HEIGHT = 64;

/** The pages of each document that show the logo in their letterhead (page-marks does not repeat it there). */
const pagesWithLogo = new WeakMap<Doc, Set<number>>();

/** Whether page `index` (of doc.bufferedPageRange()) already shows the logo in its letterhead. */
export const showsLogo = (doc: Doc, index: number) => pagesWithLogo.get(doc)?.has(index) ?? false;

/** The business's logo and name with its contact lines beside it, then a rule across the page. */
export function drawLetterhead(doc: Doc, { logo, name, lines }: Letterhead): void {
  const left = contentLeft(doc);
  const top = doc.y;
  let textLeft = left;
  if (logo) {
    const range = doc.bufferedPageRange();
    const pages = pagesWithLogo.get(doc) ?? new Set<number>();
    pages.add(range.start + range.count - 1);
    pagesWithLogo.set(doc, pages);
    tagged(doc, 'Figure', () => drawImage(doc, logo, left, top, { fit: [LOGO_WIDTH, LOGO_HEIGHT] }), {
      alt: `Logo of ${name}`,
      bbox: [left, top, left + LOGO_WIDTH, top + LOGO_HEIGHT],
    });
    textLeft = left + LOGO_WIDTH + 14;
  }
  const width = contentWidth(doc) - (textLeft - left);
  doc.font('bold').fontSize(15).fillColor(colours.ink).text(name, textLeft, top, { width });
  doc.font('regular').fontSize(9).fillColor(colours.muted);
  for (const line of lines) doc.text(line, textLeft, doc.y, { width });
  doc.y = Math.max(doc.y, top + (logo ? LOGO_HEIGHT : 0)) + 18;
  artifact(doc, () =>
    doc
      .moveTo(left, doc.y)
      .lineTo(left + contentWidth(doc), doc.y)
      .lineWidth(2)
      .strokeColor(colours.brand)
      .stroke(),
  );
  doc.moveDown(0.8);
}
