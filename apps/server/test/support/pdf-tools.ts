import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs poppler-utils (Debian) on a PDF held in memory. */
async function withPdfFile<T>(pdf: Buffer, work: (file: string, directory: string) => Promise<T>): Promise<T> {
  const directory = await mkdtemp(path.join(tmpdir(), 'tradecert-pdf-'));
  try {
    const file = path.join(directory, 'document.pdf');
    await writeFile(file, pdf);
    return await work(file, directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** The text as laid out on the page; `raw` keeps drawing order instead (rotated text stays together). */
export const pdfText = (pdf: Buffer, mode: 'layout' | 'raw' = 'layout') =>
  withPdfFile(
    pdf,
    // A SWMS at every limit in any script prints a few MB of text (execFile keeps 1 MB unless told).
    async (file) =>
      (await run('pdftotext', [`-${mode}`, '-enc', 'UTF-8', file, '-'], { maxBuffer: 64 * 1024 * 1024 })).stdout,
  );

/** Each page's text, in page order (pdftotext ends every page with a form feed). */
export const pdfPageTexts = async (pdf: Buffer) => (await pdfText(pdf)).split('\f').slice(0, -1);

/** How many images each page draws (pdfimages -list; soft masks are not counted), by page number. */
export const pdfImagesPerPage = (pdf: Buffer) =>
  withPdfFile(pdf, async (file) => {
    const lines = (await run('pdfimages', ['-list', file])).stdout.trim().split('\n').slice(2);
    const counts = new Map<number, number>();
    for (const line of lines) {
      const [page, , type] = line.trim().split(/\s+/);
      if (type === 'image') counts.set(Number(page), (counts.get(Number(page)) ?? 0) + 1);
    }
    return counts;
  });

/** The pages each stored image is drawn on, by its object number (pdfimages -list; soft masks left out). */
export const pdfImageObjects = (pdf: Buffer) =>
  withPdfFile(pdf, async (file) => {
    const lines = (await run('pdfimages', ['-list', file])).stdout.trim().split('\n').slice(2);
    const pages = new Map<number, number[]>();
    for (const line of lines) {
      const [page, , type, , , , , , , , object] = line.trim().split(/\s+/);
      if (type === 'image') pages.set(Number(object), [...(pages.get(Number(object)) ?? []), Number(page)]);
    }
    return pages;
  });

export const pdfPageCount = (pdf: Buffer) =>
  withPdfFile(pdf, async (file) => Number(/Pages:\s+(\d+)/.exec((await run('pdfinfo', [file])).stdout)?.[1]));

/** What pdfinfo says of a PDF: its version, whether it is tagged, its page count… */
export const pdfInfo = (pdf: Buffer) => withPdfFile(pdf, async (file) => (await run('pdfinfo', [file])).stdout);

export const pdfFonts = (pdf: Buffer) => withPdfFile(pdf, async (file) => (await run('pdffonts', [file])).stdout);

/** The first page rendered to PNG at `dpi`. */
export const firstPagePng = (pdf: Buffer, dpi = 60) =>
  withPdfFile(pdf, async (file, directory) => {
    await run('pdftoppm', [
      '-png',
      '-r',
      String(dpi),
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      file,
      path.join(directory, 'page'),
    ]);
    return readFile(path.join(directory, 'page.png'));
  });

/** What poppler's pdfsig says of a PDF's signatures (it exits non-zero for an unsigned PDF: its words are kept). */
export const pdfSignatures = (pdf: Buffer) =>
  withPdfFile(pdf, async (file) => {
    try {
      return (await run('pdfsig', [file])).stdout;
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      return `${stdout}${stderr}`;
    }
  });
