import { readFileSync } from 'node:fs';
import {
  type CertificatePdfInput,
  renderCertificatePdf,
} from '../apps/server/src/features/certificates/certificate-pdf-layout.ts';
import { pdfLayouts } from '../apps/server/src/features/pdf-layouts.ts';
import { workerWarmUpJob } from '../apps/server/src/pdf-worker.ts';
import { readyInBackground } from '../apps/server/src/platform/pdf/warm-up.ts';

/**
 * One render in a fresh process, as a fresh PDF worker would draw it: `pdf.bench.ts` runs this
 * several times for each median. Prints milliseconds. The third argument is how far the worker got
 * before the download arrived:
 * - `cold`: nothing drawn yet (a server that never warmed its workers up);
 * - `warmed-up`: the warm-up document drawn, the script fonts not yet read;
 * - `fonts-ready`: the worker reports ready: the warm-up document drawn, then, in the background
 *   after it, the document fonts' letter pairs shaped, every script font readied, each script
 *   drawn in a small document, each script's common letters drawn and each layout's sample drawn,
 *   with a Latin name then in every script, as a worker does once warmed up (ADRs 0096, 0100,
 *   0103, 0106).
 */
const revive = (_key: string, value: unknown) =>
  value && typeof value === 'object' && (value as { type?: unknown }).type === 'Buffer'
    ? Buffer.from((value as { data: number[] }).data)
    : value;
const input = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8'), revive) as CertificatePdfInput;
const stage = process.argv[3] ?? 'cold';
if (stage !== 'cold') await workerWarmUpJob.run(null);
if (stage === 'fonts-ready') await readyInBackground(pdfLayouts);
const started = performance.now();
await renderCertificatePdf(input);
process.stdout.write(String(performance.now() - started));
