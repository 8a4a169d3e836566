import { inflateSync } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import PDFKitDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { documentFonts } from './fonts.ts';
import { PackedPdfDocument } from './object-streams.ts';

/** A tagged page of 200 cells, drawn as the table primitive does. */
async function tableOf200Cells(Kind: typeof PDFKitDocument): Promise<Buffer> {
  const doc = new Kind({ pdfVersion: '1.7', tagged: true, lang: 'en-AU', info: { Title: 'Cells' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const table = doc.struct('Table');
  doc.addStructure(table);
  for (let row = 0; row < 40; row++) {
    const tr = doc.struct('TR');
    table.add(tr);
    for (let cell = 0; cell < 5; cell++) {
      const td = doc.struct('TD');
      tr.add(td);
      const content = doc.markStructureContent('TD');
      doc.fontSize(8).text(`Cell ${row}.${cell}`, 40 + cell * 100, 40 + row * 18);
      doc.endMarkedContent();
      td.add(content);
      td.end();
    }
    tr.end();
  }
  table.end();
  doc.end();
  return ended;
}

/** Each cross-reference stream row: [type, field 2, field 3], by object number. */
function crossReference(pdf: Buffer): number[][] {
  const text = pdf.toString('latin1');
  const offset = Number(/startxref\n(\d+)/.exec(text)?.[1]);
  const dictionary = text.slice(offset, text.indexOf('stream\n', offset));
  expect(dictionary).toMatch(/^\d+ 0 obj\n<<\/Type \/XRef /);
  return streamAt(pdf, offset).reduce<number[][]>((rows, byte, index) => {
    if (index % 7 === 0) rows.push([byte, 0, 0]);
    const row = rows[rows.length - 1] as number[];
    if (index % 7 >= 1 && index % 7 <= 4) row[1] = (row[1] as number) * 256 + byte;
    if (index % 7 >= 5) row[2] = (row[2] as number) * 256 + byte;
    return rows;
  }, []);
}

function streamAt(pdf: Buffer, offset: number): Buffer {
  const text = pdf.toString('latin1');
  const length = Number(/\/Length (\d+)/.exec(text.slice(offset, offset + 400))?.[1]);
  const start = text.indexOf('stream\n', offset) + 'stream\n'.length;
  return inflateSync(pdf.subarray(start, start + length));
}

describe('PackedPdfDocument', () => {
  it('writes the structure tree into object streams that a cross-reference stream finds', async () => {
    const pdf = await tableOf200Cells(PackedPdfDocument);
    const rows = crossReference(pdf);
    const text = pdf.toString('latin1');
    let inStreams = 0;
    for (const [number, [type, field, index]] of rows.entries()) {
      if (type === 1) expect(text.startsWith(`${number} 0 obj`, field)).toBe(true);
      if (type !== 2) continue;
      inStreams += 1;
      const objectStream = rows[field as number] as number[];
      const header =
        streamAt(pdf, objectStream[1] as number)
          .toString('latin1')
          .split('\n')[0]
          ?.split(' ') ?? [];
      expect(Number(header[(index as number) * 2])).toBe(number);
    }
    // The table, its rows and cells, the catalog and the structure tree root.
    expect(inStreams).toBeGreaterThan(240);
    expect(text).not.toContain('/S /TD');

    const parsed = await PDFDocument.load(pdf, { updateMetadata: false });
    const root = parsed.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict);
    expect(root.get(PDFName.of('ParentTree'))).toBeDefined();
    expect(parsed.getTitle()).toBe('Cells');
  });

  it('weighs well under half of what pdfkit writes for the same tagged page', async () => {
    const packed = await tableOf200Cells(PackedPdfDocument);
    const plain = await tableOf200Cells(PDFKitDocument);
    expect(packed.length).toBeLessThan(plain.length / 2);
  });

  it('reuses a deflated stream only for the same content: each font subset inflates to its own glyphs', async () => {
    const first = await fontSubsetOf('Certificate of Compliance');
    const again = await fontSubsetOf('Certificate of Compliance');
    const other = await fontSubsetOf('Certificate of Compliance, amended 3 December');
    expect(again.equals(first)).toBe(true);
    expect(other.equals(first)).toBe(false);
    expect(glyphCount(other)).toBeGreaterThan(glyphCount(first));
  });
});

/** A one-line document in DejaVu Sans: its embedded font subset, inflated. */
async function fontSubsetOf(text: string): Promise<Buffer> {
  const doc = new PackedPdfDocument({ font: '', pdfVersion: '1.7' });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.registerFont('regular', documentFonts.regular as never);
  doc.font('regular').text(text, 40, 40);
  doc.end();
  const parsed = await PDFDocument.load(await ended, { updateMetadata: false });
  const fontFiles = parsed.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFDict => object instanceof PDFDict && object.has(PDFName.of('FontFile2')))
    .map((descriptor) => descriptor.lookup(PDFName.of('FontFile2')));
  expect(fontFiles).toHaveLength(1);
  const [fontFile] = fontFiles;
  if (!(fontFile instanceof PDFRawStream)) throw new Error('the font file is not a stream');
  return inflateSync(fontFile.getContents());
}

/** A TrueType file's glyph count: maxp's numGlyphs. */
function glyphCount(font: Buffer): number {
  const tables = font.readUInt16BE(4);
  for (let index = 0; index < tables; index++) {
    const entry = 12 + index * 16;
    if (font.toString('latin1', entry, entry + 4) === 'maxp')
      return font.readUInt16BE(font.readUInt32BE(entry + 8) + 4);
  }
  throw new Error('no maxp table');
}
