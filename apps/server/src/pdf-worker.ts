import { pdfLayouts } from './features/pdf-layouts.ts';
import { DocumentTooLargeError } from './platform/pdf/document.ts';
import type { PdfJob, PdfTask, PdfTaskResult } from './platform/pdf/render-pool.ts';
import { sealCheckJob, sealPdfJob } from './platform/pdf/seal.ts';
import { currentThreadCpuClock } from './platform/pdf/thread-cpu.ts';
import { warmUpPdfJobOf } from './platform/pdf/warm-up.ts';

/** A worker's warm-up, which draws each layout's sample in the background afterwards (ADR 0100). */
export const workerWarmUpJob = warmUpPdfJobOf(pdfLayouts);

/**
 * The entry of each PDF worker thread (platform/pdf/render-pool.ts; ADRs 0021, 0062): every layout
 * the features print (their light list, ADR 0073), and sealing and checking seals, by name.
 */
const jobs = new Map<string, PdfJob<never, unknown>>(
  [...pdfLayouts, workerWarmUpJob, sealPdfJob, sealCheckJob].map((job) => [job.kind, job as PdfJob<never, unknown>]),
);

export default async function renderPdf({ kind, input, started }: PdfTask): Promise<PdfTaskResult> {
  const job = jobs.get(kind);
  if (!job) throw new Error(`No PDF job named ${kind}`);
  // The budget is counted in this thread's CPU time where the system tells it (ADR 0062).
  started?.postMessage(currentThreadCpuClock());
  started?.close();
  try {
    return { output: await job.run(withBuffers(input) as never) };
  } catch (error) {
    if (error instanceof DocumentTooLargeError) return { tooLarge: true };
    throw error;
  }
}

/** Inputs are our own plain data; this depth is far beyond any of them. */
const MAX_DEPTH = 16;

/** Structured cloning turns Buffers into Uint8Arrays; pdfkit draws images only from Buffers. */
function withBuffers(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) throw new Error('PDF input nested too deeply');
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (Array.isArray(value)) return value.map((item) => withBuffers(item, depth + 1));
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withBuffers(item, depth + 1)]));
  }
  return value;
}
