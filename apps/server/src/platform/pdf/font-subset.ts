import type * as fontkit from 'fontkit';

/*
 * The TrueType subset pdfkit embeds for each font of each document (fontkit's TTFSubset) took a
 * quarter of a certificate's render: fontkit decodes every glyph's outline again to learn whether
 * it is composite, then writes the tables through its generic struct encoder a number at a time.
 * Here each glyph's bytes, components and metrics are read once per process, the tables that are
 * copied as they are (cvt, prep, fpgm, head) are kept as bytes, and the file is assembled with
 * plain copies. The result is byte for byte what fontkit 2.0.4 writes (font-subset.test.ts).
 */

/** The fontkit 2.0.4 internals this reads. */
type TrueTypeFont = Omit<fontkit.Font, 'getGlyph'> & {
  stream: { buffer: Uint8Array };
  directory: { tables: Record<string, { offset: number; length: number } | undefined> };
  loca: { version: number; offsets: number[] };
  _variationProcessor?: unknown;
  getGlyph(id: number): {
    advanceWidth: number;
    _getMetrics(): { leftBearing: number };
    _decode(): { numberOfContours: number; components?: { glyphID: number; pos: number }[] } | null;
  };
};
type TrueTypeSubset = fontkit.Subset & { glyphs: number[]; includeGlyph(glyphId: number): number };

/** A glyph as the subset copies it: its bytes, the components to renumber, its metrics. */
type GlyphRecord = {
  bytes: Uint8Array;
  components: { glyphID: number; pos: number }[];
  advance: number;
  bearing: number;
};

/** The tables fontkit's TTFSubset writes, in its order; absent optional ones are left out. */
const TABLES = ['head', 'hhea', 'loca', 'maxp', 'cvt ', 'prep', 'glyf', 'hmtx', 'fpgm'] as const;
/** Offsets of the fields a subset changes: hhea's numberOfHMetrics, maxp's numGlyphs. */
const HHEA_NUMBER_OF_METRICS = 34;
const MAXP_NUM_GLYPHS = 4;

/** Replaces `font.createSubset` so its TrueType subsets encode from per-process records (see above). */
export function withFastSubsets(font: fontkit.Font): fontkit.Font {
  const trueType = font as unknown as TrueTypeFont;
  const { tables } = trueType.directory;
  // CFF fonts (the CJK ones) and variable fonts keep fontkit's own subsetting.
  if (!tables.glyf || !tables.loca || tables['CFF '] || trueType._variationProcessor) return font;
  const createSubset = font.createSubset.bind(font);
  const glyphs = new Map<number, GlyphRecord>();
  const tableBytes = (tag: string) => {
    const table = tables[tag];
    return table ? trueType.stream.buffer.subarray(table.offset, table.offset + table.length) : undefined;
  };
  const glyphTable = tables.glyf;
  const glyphRecord = (id: number): GlyphRecord => {
    let record = glyphs.get(id);
    if (!record) {
      const glyph = trueType.getGlyph(id);
      const start = glyphTable.offset + (trueType.loca.offsets[id] ?? 0);
      const end = glyphTable.offset + (trueType.loca.offsets[id + 1] ?? 0);
      const decoded = glyph._decode();
      record = {
        bytes: trueType.stream.buffer.slice(start, end),
        components: decoded && decoded.numberOfContours < 0 ? (decoded.components ?? []) : [],
        advance: glyph.advanceWidth,
        bearing: glyph._getMetrics().leftBearing,
      };
      glyphs.set(id, record);
    }
    return record;
  };
  font.createSubset = () => {
    const subset = createSubset() as TrueTypeSubset;
    subset.encode = () => encodeSubset(trueType, subset, glyphRecord, tableBytes);
    return subset;
  };
  return font;
}

function encodeSubset(
  font: TrueTypeFont,
  subset: TrueTypeSubset,
  glyphRecord: (id: number) => GlyphRecord,
  tableBytes: (tag: string) => Uint8Array | undefined,
): Uint8Array {
  const glyf: Uint8Array[] = [];
  const offsets: number[] = [];
  const metrics: GlyphRecord[] = [];
  let offset = 0;
  // A composite glyph adds its components to the subset as it goes, as fontkit's does.
  for (let index = 0; index < subset.glyphs.length; index++) {
    const record = glyphRecord(subset.glyphs[index] as number);
    let bytes = record.bytes;
    if (record.components.length > 0) {
      bytes = new Uint8Array(bytes);
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      for (const component of record.components) view.setUint16(component.pos, subset.includeGlyph(component.glyphID));
    }
    glyf.push(bytes);
    offsets.push(offset);
    metrics.push(record);
    offset += bytes.length;
  }
  offsets.push(offset);
  const count = glyf.length;
  const longOffsets = font.loca.version !== 0;

  const loca = new Uint8Array(offsets.length * (longOffsets ? 4 : 2));
  const locaView = new DataView(loca.buffer);
  offsets.forEach((value, index) => {
    if (longOffsets) locaView.setUint32(index * 4, value);
    else locaView.setUint16(index * 2, value >>> 1);
  });
  const hmtx = new Uint8Array(count * 4);
  const hmtxView = new DataView(hmtx.buffer);
  metrics.forEach(({ advance, bearing }, index) => {
    hmtxView.setUint16(index * 4, advance);
    hmtxView.setInt16(index * 4 + 2, bearing);
  });
  const patched = (tag: string, at: number, value: number) => {
    const bytes = new Uint8Array(tableBytes(tag) ?? []);
    new DataView(bytes.buffer).setUint16(at, value);
    return bytes;
  };
  const contents: Record<(typeof TABLES)[number], Uint8Array[] | undefined> = {
    head: wholeTable(tableBytes('head')),
    hhea: [patched('hhea', HHEA_NUMBER_OF_METRICS, count)],
    loca: [loca],
    maxp: [patched('maxp', MAXP_NUM_GLYPHS, count)],
    'cvt ': wholeTable(tableBytes('cvt ')),
    prep: wholeTable(tableBytes('prep')),
    glyf,
    hmtx: [hmtx],
    fpgm: wholeTable(tableBytes('fpgm')),
  };
  const present = TABLES.filter((tag) => contents[tag] !== undefined);
  const headerSize = 12 + 16 * present.length;
  const lengthOf = (parts: Uint8Array[]) => parts.reduce((sum, part) => sum + part.length, 0);
  const total = headerSize + present.reduce((sum, tag) => sum + lengthOf(contents[tag] ?? []), 0);
  const file = new Uint8Array(total);
  const view = new DataView(file.buffer);
  // The directory as fontkit writes it: version tag 'true', no checksums, tables back to back.
  file.set([0x74, 0x72, 0x75, 0x65], 0);
  const powerOfTwo = 2 ** Math.floor(Math.log2(present.length));
  view.setUint16(4, present.length);
  view.setUint16(6, powerOfTwo * 16);
  view.setUint16(8, Math.log2(powerOfTwo));
  view.setUint16(10, present.length * 16 - powerOfTwo * 16);
  let position = headerSize;
  present.forEach((tag, index) => {
    const parts = contents[tag] ?? [];
    const entry = 12 + index * 16;
    for (let char = 0; char < 4; char++) view.setUint8(entry + char, tag.charCodeAt(char));
    view.setUint32(entry + 4, 0);
    view.setUint32(entry + 8, position);
    view.setUint32(entry + 12, lengthOf(parts));
    for (const part of parts) {
      file.set(part, position);
      position += part.length;
    }
  });
  return file;
}

const wholeTable = (bytes: Uint8Array | undefined) => (bytes ? [bytes] : undefined);
