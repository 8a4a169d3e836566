import {
  addPage,
  colours,
  contentBottom,
  contentLeft,
  contentWidth,
  type Doc,
  type WrappedText,
  wrapLines,
} from './document.ts';
import { drawImage } from './images.ts';
import { artifact, beginArtifact, group, tagged } from './structure.ts';

/**
 * A cell's text, optionally on a coloured fill (e.g. a risk rating: the text says it, the colour
 * helps), or an image fitted to the cell (e.g. a signature; its alternative text is the column's
 * header and the row's first cell, "Signature: Zoë Nguyễn").
 */
export type TableCell = string | ({ text: string } & CellLook);
type CellLook = { fill?: string; color?: string; bold?: boolean; image?: Buffer };
/** A cell with its text wrapped to its column, once: a row split over pages is split by these lines. */
type WrappedCell = CellLook & WrappedText;
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

  const wrap = (row: TableCell[]): WrappedCell[] =>
    widths.map((width, index) => {
      const { text, ...look } = cellOf(row[index]);
      doc.font(look.bold ? 'bold' : 'regular').fontSize(fontSize);
      return { ...look, ...wrapLines(doc, text, width - 2 * PADDING) };
    });
  // An empty cell is one line tall, as heightOfString measures ' '.
  const cellHeight = (cell: WrappedCell) => Math.max(1, cell.lines.length) * cell.lineHeight + 2 * PADDING;
  const heightOf = (row: WrappedCell[]) => Math.max(...row.map(cellHeight));

  /** A row too tall for `room`: the lines that fit now, and the rest for the next page (at least one line now). */
  const splitRow = (row: WrappedCell[], room: number): [WrappedCell[], WrappedCell[]] => {
    const parts = row.map((cell): [WrappedCell, WrappedCell] => {
      if (cell.image || cellHeight(cell) <= room) return [cell, { ...cell, lines: [], image: undefined }];
      const fitting = Math.max(1, Math.floor((room - 2 * PADDING) / cell.lineHeight));
      return [
        { ...cell, lines: cell.lines.slice(0, fitting) },
        { ...cell, lines: cell.lines.slice(fitting) },
      ];
    });
    return [parts.map(([head]) => head), parts.map(([, rest]) => rest)];
  };

  const drawRow = (row: WrappedCell[], height: number, kind: RowKind = 'data') => {
    const top = doc.y;
    const endArtifact = kind === 'repeated header' ? beginArtifact(doc, 'Pagination') : () => {};
    group(doc, 'TR', () =>
      row.forEach((cell, index) => {
        const width = widths[index] ?? 0;
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
            .text(cell.lines.join(''), x + PADDING, top + PADDING, {
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
                alt: [columns[index]?.header, row[0]?.lines.join('').trim()].filter(Boolean).join(': ') || 'Image',
                bbox: box,
              },
            );
            if (cell.lines.length > 0) drawText();
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

  const header = wrap(columns.map((column): TableCell => ({ text: column.header, bold: true, fill: colours.panel })));
  const headerHeight = heightOf(header);
  const startPage = () => {
    addPage(doc);
    drawRow(header, headerHeight, 'repeated header');
  };
  const firstHeight = Math.min(Math.max(heightOf(wrap(rows[0] ?? [])), minRowHeight), LEAST_ROOM_FOR_A_PART);
  if (doc.y + headerHeight + firstHeight > contentBottom(doc)) addPage(doc);
  drawRow(header, headerHeight, 'header');
  for (const row of rows) {
    let remaining = wrap(row);
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
