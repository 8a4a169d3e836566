import { readFileSync } from 'node:fs';
import {
  type CertificatePdfInput,
  renderCertificatePdf,
} from '../apps/server/src/features/certificates/certificate-pdf-layout.ts';

/**
 * One render in a fresh process, as the first download after a server starts without warming up:
 * `pdf.bench.ts` runs this several times for the cold median. Prints milliseconds.
 */
const revive = (_key: string, value: unknown) =>
  value && typeof value === 'object' && (value as { type?: unknown }).type === 'Buffer'
    ? Buffer.from((value as { data: number[] }).data)
    : value;
const input = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8'), revive) as CertificatePdfInput;
const started = performance.now();
await renderCertificatePdf(input);
process.stdout.write(String(performance.now() - started));
