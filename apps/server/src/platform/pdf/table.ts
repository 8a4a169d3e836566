import { addPage, colours, contentBottom, contentLeft, contentWidth, type Doc } from './document.ts';
import { drawImage } from './images.ts';
import { artifact, beginArtifact, group, tagged } from './structure.ts';

/**
 * A cell's text, optionally on a coloured fill (e.g. a risk rating: the text says it, the colour
 * helps), or an image fitted to the cell (e.g. a signature; its alternative text is the column's
 * header and the row's first cell, "Signature: Zoë Nguyễn").
 */
export type TableCell = string | { text: string; fill?: string; color?: string; bold?: boolean; image?: Buffer };
/** `weight` shares out the content width: columns of weights 1 and 3 take a quarter and three quarters. */
type TableColumn = { header: string; weight: number };
export type TableOptions = {
  columns: TableColumn[];
  rows: TableCell[][];
  fontSize?: number;
  /** The least height of a body row, e.g. room to sign on paper. */
  minRowHeight?: number;
};

const PADDING = 4;
const cellOf = (cell: TableCell | undefined) =>
  typeof cell === 'string' || cell === undefined ? { text: cell ?? '' } : cell;

/** Below this much room a page does not start the first part of a split row. */
const LEAST_ROOM_FOR_A_PART = 60;

/**
 * A ruled table that flows over as many pages as its rows need, repeating the header row at the top
 * of each. A row is kept whole on one page when it fits on one; a row taller than a whole page is
 * split, its cells continuing below the header of the next page, so nothing a user wrote is lost.
 * New pages keep the orientation of the page the table is on (a SWMS puts it on landscape pages).
 * Tagged as a table of rows of header and data cells; the header repeated on later pages, the
 * rules and fills are artifacts.
 */
export function drawTable(doc: Doc, options: TableOptions): void {
  group(doc, 'Table', () => drawRows(doc, options));
}

/** The header row, a row of data, or the header repeated at the top of a later page. */
type RowKind = 'header' | 'data' | 'repeated header';

function drawRows(doc: Doc, { columns, rows, fontSize = 9, minRowHeight = 0 }: TableOptions): void {
  const left = contentLeft(doc);
  const totalWeight = columns.reduce((sum, column) => sum + column.weight, 0);
  const widths = columns.map((column) => (contentWidth(doc) * column.weight) / totalWeight);
  const xs = widths.map((_, index) => left + widths.slice(0, index).reduce((sum, width) => sum + width, 0));
  const header = columns.map((column): TableCell => ({ text: column.header, bold: true, fill: colours.panel }));

  const textHeight = (cell: ReturnType<typeof cellOf>, width: number, text = cell.text) => {
    doc.font(cell.bold ? 'bold' : 'regular').fontSize(fontSize);
    return doc.heightOfString(text || ' ', { width: width - 2 * PADDING }) + 2 * PADDING;
  };
  const heightOf = (row: TableCell[]) =>
    Math.max(...widths.map((width, index) => textHeight(cellOf(row[index]), width)));

  /** The longest start of `text` that fits `room`, ended at a space where there is one; at least one character. */
  const fittingPrefix = (cell: ReturnType<typeof cellOf>, width: number, room: number) => {
    const characters = Array.from(cell.text);
    let fits = 1;
    let tooLong = characters.length;
    while (tooLong - fits > 1) {
      const middle = Math.floor((fits + tooLong) / 2);
      if (textHeight(cell, width, characters.slice(0, middle).join('')) <= room) fits = middle;
      else tooLong = middle;
    }
    const prefix = characters.slice(0, fits).join('');
    const lastSpace = prefix.search(/\s\S*$/u);
    return lastSpace > 0 ? prefix.slice(0, lastSpace) : prefix;
  };

  /** A row too tall for `room`: what fits now, and the rest for the next page. */
  const splitRow = (row: TableCell[], room: number): [TableCell[], TableCell[]] => {
    const parts = widths.map((width, index): [TableCell, TableCell] => {
      const cell = cellOf(row[index]);
      if (cell.image || textHeight(cell, width) <= room) return [cell, { ...cell, text: '', image: undefined }];
      const head = fittingPrefix(cell, width, room);
      return [
        { ...cell, text: head },
        { ...cell, text: cell.text.slice(head.length).trimStart() },
      ];
    });
    return [parts.map(([head]) => head), parts.map(([, rest]) => rest)];
  };

  const drawRow = (row: TableCell[], height: number, kind: RowKind = 'data') => {
    const top = doc.y;
    const endArtifact = kind === 'repeated header' ? beginArtifact(doc, 'Pagination') : () => {};
    group(doc, 'TR', () =>
      widths.forEach((width, index) => {
        const cell = cellOf(row[index]);
        const x = xs[index] ?? left;
        artifact(doc, () => {
          if (cell.fill) doc.rect(x, top, width, height).fillColor(cell.fill).fill();
          doc.rect(x, top, width, height).lineWidth(0.5).strokeColor(colours.rule).stroke();
        });
        const drawText = () =>
          doc
            .font(cell.bold ? 'bold' : 'regular')
            .fontSize(fontSize)
            .fillColor(cell.color ?? colours.ink)
            .text(cell.text, x + PADDING, top + PADDING, {
              width: width - 2 * PADDING,
              height: height - 2 * PADDING,
              ellipsis: true,
            });
        const image = cell.image;
        if (kind !== 'data') {
          tagged(doc, 'TH', drawText, { scope: 'Column' });
        } else if (image) {
          group(doc, 'TD', () => {
            const box: [number, number, number, number] = [
              x + PADDING,
              top + PADDING,
              x + width - PADDING,
              top + height - PADDING,
            ];
            tagged(
              doc,
              'Figure',
              () => drawImage(doc, image, box[0], box[1], { fit: [box[2] - box[0], box[3] - box[1]] }),
              {
                alt: [columns[index]?.header, cellOf(row[0]).text].filter(Boolean).join(': ') || 'Image',
                bbox: box,
              },
            );
            if (cell.text) drawText();
          });
        } else {
          tagged(doc, 'TD', drawText);
        }
      }),
    );
    endArtifact();
    doc.x = left;
    doc.y = top + height;
  };

  const headerHeight = heightOf(header);
  const startPage = () => {
    addPage(doc);
    drawRow(header, headerHeight, 'repeated header');
  };
  const firstHeight = Math.min(Math.max(heightOf(rows[0] ?? []), minRowHeight), LEAST_ROOM_FOR_A_PART);
  if (doc.y + headerHeight + firstHeight > contentBottom(doc)) addPage(doc);
  drawRow(header, headerHeight, 'header');
  for (const row of rows) {
    let remaining = row;
    for (;;) {
      const pageRoom = contentBottom(doc) - doc.page.margins.top - headerHeight;
      const height = Math.max(heightOf(remaining), minRowHeight);
      if (height <= pageRoom) {
        if (doc.y + height > contentBottom(doc)) startPage();
        drawRow(remaining, height);
        break;
      }
      if (contentBottom(doc) - doc.y < LEAST_ROOM_FOR_A_PART) startPage();
      const room = contentBottom(doc) - doc.y;
      const [head, rest] = splitRow(remaining, room);
      drawRow(head, room);
      startPage();
      remaining = rest;
    }
  }
  doc.moveDown(0.8);
}
