import { addPage, colours, contentBottom, contentLeft, contentWidth, type Doc } from './document.ts';

/**
 * A cell's text, optionally on a coloured fill (e.g. a risk rating: the text says it, the colour
 * helps), or an image fitted to the cell (e.g. a signature).
 */
export type TableCell = string | { text: string; fill?: string; color?: string; bold?: boolean; image?: Buffer };
/** `weight` shares out the content width: columns of weights 1 and 3 take a quarter and three quarters. */
export type TableColumn = { header: string; weight: number };
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

/**
 * A ruled table that flows over as many pages as its rows need, repeating the header row at the top
 * of each; a row is never split. A row taller than a whole page is cut off with an ellipsis.
 * New pages keep the orientation of the page the table is on (a SWMS puts it on landscape pages).
 */
export function drawTable(doc: Doc, { columns, rows, fontSize = 9, minRowHeight = 0 }: TableOptions): void {
  const left = contentLeft(doc);
  const totalWeight = columns.reduce((sum, column) => sum + column.weight, 0);
  const widths = columns.map((column) => (contentWidth(doc) * column.weight) / totalWeight);
  const xs = widths.map((_, index) => left + widths.slice(0, index).reduce((sum, width) => sum + width, 0));
  const header = columns.map((column): TableCell => ({ text: column.header, bold: true, fill: colours.panel }));

  const heightOf = (row: TableCell[]) =>
    Math.max(
      ...widths.map((width, index) => {
        const cell = cellOf(row[index]);
        doc.font(cell.bold ? 'bold' : 'regular').fontSize(fontSize);
        return doc.heightOfString(cell.text || ' ', { width: width - 2 * PADDING });
      }),
    ) +
    2 * PADDING;

  const drawRow = (row: TableCell[], height: number) => {
    const top = doc.y;
    widths.forEach((width, index) => {
      const cell = cellOf(row[index]);
      const x = xs[index] ?? left;
      if (cell.fill) doc.rect(x, top, width, height).fillColor(cell.fill).fill();
      doc.rect(x, top, width, height).lineWidth(0.5).strokeColor(colours.rule).stroke();
      if (cell.image) {
        doc.image(cell.image, x + PADDING, top + PADDING, { fit: [width - 2 * PADDING, height - 2 * PADDING] });
      }
      doc
        .font(cell.bold ? 'bold' : 'regular')
        .fontSize(fontSize)
        .fillColor(cell.color ?? colours.ink)
        .text(cell.text, x + PADDING, top + PADDING, {
          width: width - 2 * PADDING,
          height: height - 2 * PADDING,
          ellipsis: true,
        });
    });
    doc.x = left;
    doc.y = top + height;
  };

  const headerHeight = heightOf(header);
  const startPage = () => {
    addPage(doc);
    drawRow(header, headerHeight);
  };
  if (doc.y + headerHeight + Math.max(heightOf(rows[0] ?? []), minRowHeight) > contentBottom(doc)) addPage(doc);
  drawRow(header, headerHeight);
  for (const row of rows) {
    const pageRoom = contentBottom(doc) - doc.page.margins.top - headerHeight;
    const height = Math.min(Math.max(heightOf(row), minRowHeight), pageRoom);
    if (doc.y + height > contentBottom(doc)) startPage();
    drawRow(row, height);
  }
  doc.moveDown(0.8);
}
