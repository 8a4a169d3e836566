import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

/*
 * A tagged PDF holds an object per structure element (a table cell, a row, a paragraph): hundreds
 * of small dictionaries that pdfkit writes one by one, each with its cross-reference line. Here
 * they go into compressed object streams instead, and the cross-reference table becomes a
 * cross-reference stream (PDF 1.5; allowed by PDF/A-2): a 7-page SWMS loses about a third of its
 * weight (ADR 0051). Streams (contents, fonts, images, the XMP packet) stay streams, those
 * pdfkit would compress deflated here instead (DEFLATE_LEVEL).
 */

/** The pdfkit internals this relies on (pdfkit 0.20: PDFReference and the document's writer). */
type Reference = {
  id: number;
  offset: number;
  buffer: Uint8Array[];
  compress: boolean;
  write: (chunk: string | Uint8Array) => void;
  finalize: () => void;
  toString(): string;
};
type Writer = {
  _write: (data: string | Uint8Array) => void;
  _refEnd: (ref: Reference) => void;
  _offset: number;
  _offsets: (number | null)[];
  _root: Reference;
  _info: Reference;
  _id: Uint8Array;
  _security?: unknown;
  push: (chunk: Uint8Array | null) => boolean;
};

type PackedObject = { id: number; body: string };

/** Objects per stream: large enough to compress well, small enough for any reader. */
const OBJECTS_PER_STREAM = 100;

/**
 * Every stream (contents, font subsets, the object streams) at zlib level 3, not pdfkit's 6: on a
 * certificate with 6 photos a third less time compressing for under 1 KB more (ADR 0058).
 */
const DEFLATE_LEVEL = 3;
const compressed = (content: Buffer) => deflateSync(content, { level: DEFLATE_LEVEL });

/** Deflated streams kept by their content's SHA-256, each of at most 64 KB drawn: 6 MB at most. */
const DEFLATED_KEPT = 96;
const LARGEST_KEPT = 64 * 1024;
const deflatedBefore = new Map<string, Buffer>();

/**
 * A stream pdfkit finishes (a content stream, a font subset, the sRGB profile, a ToUnicode map),
 * deflated. Most certificates embed the same subsets of the same fonts (the same letters and
 * digits) and every document the same profile: those are deflated once per process and the bytes
 * reused (ADR 0096); hashing one costs a tenth of deflating it. The most recently used are kept.
 */
function compressedOnce(content: Buffer): Buffer {
  if (content.length > LARGEST_KEPT) return compressed(content);
  const key = createHash('sha256').update(content).digest('base64');
  const bytes = deflatedBefore.get(key) ?? compressed(content);
  // Re-inserted as the most recently used; a Map keeps insertion order, so the first is the oldest.
  deflatedBefore.delete(key);
  deflatedBefore.set(key, bytes);
  if (deflatedBefore.size > DEFLATED_KEPT) deflatedBefore.delete(deflatedBefore.keys().next().value as string);
  return bytes;
}

const packedObjects = new WeakMap<object, PackedObject[]>();

const packedOf = (doc: object): PackedObject[] => {
  const packed = packedObjects.get(doc) ?? [];
  packedObjects.set(doc, packed);
  return packed;
};

/**
 * A pdfkit document whose dictionaries and arrays, from the first it makes (the catalog, the
 * structure tree's root), are written into object streams.
 */
export class PackedPdfDocument extends PDFDocument {
  override ref(data: object): ReturnType<PDFKit.PDFDocument['ref']> {
    const writer = this as unknown as Writer;
    const reference = super.ref(data) as unknown as Reference;
    const finalize = reference.finalize.bind(reference);
    const write = reference.write.bind(reference);
    // pdfkit turns every drawing operator into bytes of its own, a character at a time in
    // JavaScript: thousands of small arrays per page. Text is kept as one string until bytes come
    // or the stream ends, then encoded at once; the bytes are the same (latin1 keeps the low byte,
    // as pdfkit does; ADR 0104).
    let text = '';
    const writeText = () => {
      if (text === '') return;
      write(Buffer.from(text, 'latin1'));
      text = '';
    };
    reference.write = (chunk) => {
      if (typeof chunk === 'string') text += `${chunk}\n`;
      else {
        writeText();
        write(chunk);
      }
    };
    reference.finalize = () => {
      writeText();
      if (reference.buffer.length > 0 && reference.compress && !writer._security) {
        // pdfkit would deflate at zlib's default level; `write` has already set /Filter.
        reference.buffer = [compressedOnce(Buffer.concat(reference.buffer))];
        reference.compress = false;
      }
      if (reference.buffer.length > 0 || writer._security) return finalize();
      packedOf(this).push({ id: reference.id, body: serialized(writer, finalize) });
      reference.offset = -1;
      writer._refEnd(reference);
    };
    return reference as unknown as ReturnType<PDFKit.PDFDocument['ref']>;
  }

  /** pdfkit's, with a string encoded natively rather than a character at a time. */
  _write(data: string | Uint8Array): void {
    const writer = this as unknown as { push: Writer['push']; _offset: number };
    const bytes = typeof data === 'string' ? Buffer.from(`${data}\n`, 'latin1') : data;
    writer.push(bytes);
    writer._offset += bytes.length;
  }

  /** Replaces pdfkit's cross-reference table. */
  _finalize(): void {
    writeStreamsAndCrossReference(this as unknown as Writer, packedOf(this));
  }
}

/** What pdfkit would write between `N 0 obj` and `endobj`. */
function serialized(writer: Writer, finalize: () => void): string {
  const lines: string[] = [];
  const { _write, _refEnd } = writer;
  writer._write = (data) => {
    lines.push(typeof data === 'string' ? data : Buffer.from(data).toString('latin1'));
  };
  writer._refEnd = () => {};
  try {
    finalize();
  } finally {
    writer._write = _write;
    writer._refEnd = _refEnd;
  }
  return lines.slice(1, -1).join('\n');
}

function writeStreamsAndCrossReference(writer: Writer, packed: PackedObject[]): void {
  /** Per object number: its offset in the file, or the object stream and index holding it. */
  const entries = new Map<number, { offset: number } | { stream: number; index: number }>();
  let nextNumber = writer._offsets.length + 1;
  for (let start = 0; start < packed.length; start += OBJECTS_PER_STREAM) {
    const objects = packed.slice(start, start + OBJECTS_PER_STREAM);
    const number = nextNumber++;
    for (const [index, object] of objects.entries()) entries.set(object.id, { stream: number, index });
    entries.set(number, { offset: writer._offset });
    writeObjectStream(writer, number, objects);
  }
  writer._offsets.forEach((offset, index) => {
    if (offset !== null && offset >= 0) entries.set(index + 1, { offset });
  });
  const crossReference = nextNumber;
  const offset = writer._offset;
  entries.set(crossReference, { offset });
  const size = crossReference + 1;
  // Type 1: in the file at an offset; type 2: in an object stream at an index; type 0: free.
  const rows = Buffer.alloc(size * 7);
  for (let number = 0; number < size; number++) {
    const entry = entries.get(number);
    const row = number * 7;
    if (!entry) rows.writeUInt8(0, row);
    else if ('offset' in entry) {
      rows.writeUInt8(1, row);
      rows.writeUInt32BE(entry.offset, row + 1);
    } else {
      rows.writeUInt8(2, row);
      rows.writeUInt32BE(entry.stream, row + 1);
      rows.writeUInt16BE(entry.index, row + 5);
    }
  }
  const id = `<${Buffer.from(writer._id).toString('hex')}>`;
  writeStream(
    writer,
    crossReference,
    `/Type /XRef /Size ${size} /W [1 4 2] /Root ${writer._root} /Info ${writer._info} /ID [${id} ${id}]`,
    rows,
  );
  writer._write('startxref');
  writer._write(`${offset}`);
  writer._write('%%EOF');
  writer.push(null);
}

function writeObjectStream(writer: Writer, number: number, objects: PackedObject[]): void {
  let position = 0;
  const header: string[] = [];
  for (const object of objects) {
    header.push(`${object.id} ${position}`);
    position += Buffer.byteLength(object.body, 'latin1') + 1;
  }
  const first = `${header.join(' ')}\n`;
  const body = objects.map((object) => `${object.body}\n`).join('');
  const content = Buffer.from(first + body, 'latin1');
  writeStream(writer, number, `/Type /ObjStm /N ${objects.length} /First ${Buffer.byteLength(first)}`, content);
}

function writeStream(writer: Writer, number: number, dictionary: string, content: Buffer): void {
  const bytes = compressed(content);
  writer._write(`${number} 0 obj`);
  writer._write(`<<${dictionary} /Filter /FlateDecode /Length ${bytes.length}>>`);
  writer._write('stream');
  writer._write(bytes);
  writer._write('\nendstream');
  writer._write('endobj');
}
