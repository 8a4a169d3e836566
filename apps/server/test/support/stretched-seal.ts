/**
 * A hostile "Verify a PDF" upload: a sealed `pdf` grown to `size` bytes, its last signature's byte
 * range rewritten to end at the new end, so a check hashes the whole file before it can say altered.
 */
export function withRangeOverAppendedBytes(pdf: Buffer, size: number): Buffer {
  const at = pdf.lastIndexOf('/ByteRange');
  const original = /^\/ByteRange\s*\[\s*0\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(
    pdf.subarray(at, at + 100).toString('latin1'),
  );
  if (!original) throw new Error('the PDF has no seal');
  const secondStart = Number(original[2]);
  const rewritten = `/ByteRange [0 ${original[1]} ${secondStart} ${size - secondStart}`;
  if (rewritten.length + 1 > original[0].length) throw new Error('no room to rewrite the byte range');
  const grown = Buffer.alloc(size, 0x20);
  pdf.copy(grown);
  grown.write(`${rewritten.padEnd(original[0].length - 1)}]`, at, 'latin1');
  return grown;
}
