import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import sharp from 'sharp';

const run = promisify(execFile);

/** What a phone camera reads from the QR code on a PDF's first page (rendered by poppler's pdftoppm). */
export async function qrOfFirstPage(pdf: Buffer): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), 'tradecert-e2e-qr-'));
  try {
    await writeFile(path.join(directory, 'document.pdf'), pdf);
    await run('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', 'document.pdf', 'page'], {
      cwd: directory,
      timeout: 60_000,
    });
    const { data, info } = await sharp(path.join(directory, 'page.png'))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    if (!code) throw new Error('no QR code on the first page');
    return code.data;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
