import { colours, contentLeft, contentWidth, type Doc, ensureSpace } from './document.ts';

export type GridPhoto = { image: Buffer; caption: string };

const GAP = 16;

/** Photos in columns, each scaled to fit its cell (never cropped), with its caption; rows flow onto new pages. */
export function drawPhotoGrid(doc: Doc, photos: GridPhoto[], { columns = 2, imageHeight = 190 } = {}): void {
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
      doc.rect(x, top, cellWidth, imageHeight).fillColor(colours.panel).fill();
      doc.image(photo.image, x, top, { fit: [cellWidth, imageHeight], align: 'center', valign: 'center' });
      if (photo.caption) {
        doc.fillColor(colours.muted).text(photo.caption, x, top + imageHeight + 4, { width: cellWidth });
      }
    });
    doc.y = top + imageHeight + captionHeight + 16;
    doc.x = left;
  }
}
