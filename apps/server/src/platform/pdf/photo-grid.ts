import { colours, contentLeft, contentWidth, type Doc, ensureSpace } from './document.ts';
import { artifact, tagged } from './structure.ts';

export type GridPhoto = { image: Buffer; caption: string };

const GAP = 16;

/**
 * Photos in columns, each scaled to fit its cell (never cropped), with its caption; rows flow onto
 * new pages. Each photo's alternative text is its caption and its `stage` (e.g. "Substrate").
 */
export function drawPhotoGrid(
  doc: Doc,
  photos: GridPhoto[],
  { columns = 2, imageHeight = 190, stage = null as string | null } = {},
): void {
  const left = contentLeft(doc);
  const cellWidth = (contentWidth(doc) - GAP * (columns - 1)) / columns;
  for (let index = 0; index < photos.length; index += columns) {
    const row = photos.slice(index, index + columns);
    doc.font('regular').fontSize(9);
    const captionHeight = Math.max(
      ...row.map((photo) => (photo.caption ? doc.heightOfString(photo.caption, { width: cellWidth }) : 0)),
    );
    ensureSpace(doc, imageHeight + captionHeight + 12);
    const top = doc.y;
    row.forEach((photo, column) => {
      const x = left + column * (cellWidth + GAP);
      artifact(doc, () => doc.rect(x, top, cellWidth, imageHeight).fillColor(colours.panel).fill());
      tagged(
        doc,
        'Figure',
        () => doc.image(photo.image, x, top, { fit: [cellWidth, imageHeight], align: 'center', valign: 'center' }),
        { alt: photoAlt(photo.caption, stage), bbox: [x, top, x + cellWidth, top + imageHeight] },
      );
      if (photo.caption) {
        doc.fillColor(colours.muted).text(photo.caption, x, top + imageHeight + 4, { width: cellWidth });
      }
    });
    doc.y = top + imageHeight + captionHeight + 16;
    doc.x = left;
  }
}

const photoAlt = (caption: string, stage: string | null) =>
  [stage ? `Photo, ${stage} stage` : 'Photo', caption].filter(Boolean).join(': ');
