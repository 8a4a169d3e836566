import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { KNOWN_STANDARDS } from '@app/contract';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import {
  type CertificatePdfInput,
  renderCertificatePdf,
} from '../apps/server/src/features/certificates/certificate-pdf-layout.ts';
import { throwawaySealIdentity } from '../apps/server/src/platform/crypto/seal-identity.ts';
import { processImage } from '../apps/server/src/platform/images/image-processing.ts';
import { checkSeal, sealPdf } from '../apps/server/src/platform/pdf/seal.ts';
import { SIX_SCRIPT_NAMES } from '../apps/server/test/support/six-scripts.ts';
import { launchChromium } from '../e2e/support/chromium.ts';
import { judge } from './goals.ts';
import { format, median, root } from './support.ts';

/**
 * PRODUCT.md, Budgets: a certificate with 6 phone photos renders warm, seal included, within 5× the
 * pdf-lib floor measured in the same run and ≥ 6× faster than a running headless Chromium printing
 * the same content, and weighs ≤ 300 KB + 250 KB per photo; the first PDF in six scripts from a
 * fresh worker takes ≤ 3× a warm one (ADR 0085). Judged on the warm render's median plus the seal's.
 * The Chromium and first-PDF goals are in goals.ts.
 */
const PDF_LIB_FLOOR_GOAL = 5;
/**
 * Enough for the JIT to settle on a 2-core machine: after 10 renders the optimising compiler is
 * still at work on the other core and the next 30 take 1.5-2× as long as after 40 (ADR 0104).
 */
const WARM_UP_RUNS = 40;
const WARM_RUNS = 30;
const CHROMIUM_RUNS = 5;
const COLD_PROCESSES = 5;
const SIX_SCRIPT_PROCESSES = 3;

async function phonePhoto(index: number) {
  // 12 MP with sensor-like noise, so it compresses like a real phone photo.
  return sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: { r: 60 + index * 25, g: 110, b: 90 },
      noise: { type: 'gaussian', mean: 128, sigma: 18 },
    },
  })
    .jpeg({ quality: 88 })
    .toBuffer();
}

const solidPng = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 4, background } })
    .png()
    .toBuffer();

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

function html(input: CertificatePdfInput): string {
  const escapeHtml = (value: string) => value.replace(/[&<>]/g, (char) => `&#${char.charCodeAt(0)};`);
  const image = (buffer: Buffer, type: string) => `data:${type};base64,${buffer.toString('base64')}`;
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    body{font-family:DejaVu Sans,sans-serif;font-size:10pt;margin:0} h1{color:#0f766e} h2{color:#0f766e;font-size:11pt}
    .grid{display:grid;grid-template-columns:1fr 1fr;gap:12pt} .grid img{width:100%;height:190pt;object-fit:contain;background:#f1f5f9}
  </style></head><body>
    ${input.logo ? `<img src="${image(input.logo, 'image/jpeg')}" style="height:64pt">` : ''}
    <h1>Certificate of Compliance</h1><p>${escapeHtml(input.company.name ?? '')} · ABN ${input.company.abn}</p>
    <p>Certificate number: ${input.certificateNumber} · Issue date: ${input.issueDate}</p>
    <h2>Job site address</h2><p>${escapeHtml(input.jobSiteAddress)}</p><h2>Areas</h2><p>${escapeHtml(input.areas)}</p>
    <h2>Standards</h2><ul>${input.standards.map((standard) => `<li>${escapeHtml(standard)}</li>`).join('')}</ul>
    <h2>Materials used</h2><p>${escapeHtml(input.materialsUsed)}</p><h2>Additional information</h2><p>${escapeHtml(input.additionalInfo)}</p>
    ${input.signature ? `<img src="${image(input.signature, 'image/jpeg')}" style="height:60pt">` : ''}
    <p>Verify: ${input.verifyUrl}<br>${input.fingerprint}</p>
    <div class="grid">${allPhotos(input)
      .map(
        (photo) =>
          `<figure><img src="${image(photo.image, 'image/jpeg')}"><figcaption>${escapeHtml(photo.caption)}</figcaption></figure>`,
      )
      .join('')}</div>
  </body></html>`;
}

const allPhotos = (input: CertificatePdfInput) => input.photoGroups.flatMap((group) => group.photos);

/** The same six photos and text through pdf-lib (no text layout or Unicode fonts: a lower bound). */
async function renderWithPdfLib(input: CertificatePdfInput): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([595, 842]);
  let y = 800;
  for (const line of [input.certificateNumber ?? '', input.jobSiteAddress, ...input.standards, input.verifyUrl ?? '']) {
    page.drawText(line, { x: 48, y, size: 10, font });
    y -= 14;
  }
  for (const [index, photo] of allPhotos(input).entries()) {
    const image = await document.embedJpg(photo.image);
    const target = index % 2 === 0 ? document.addPage([595, 842]) : (document.getPages().at(-1) ?? page);
    const scaled = image.scaleToFit(240, 190);
    target.drawImage(image, { x: index % 2 === 0 ? 48 : 300, y: 560, ...scaled });
  }
  return document.save();
}

/**
 * The first render of `processes` fresh processes, each loading the engine from scratch and getting
 * as far as `stage` before it (bench/pdf-first-render.ts).
 */
async function firstRenders(
  input: CertificatePdfInput,
  stage: 'cold' | 'warmed-up' | 'fonts-ready',
  processes: number,
): Promise<number[]> {
  const directory = await mkdtemp(path.join(tmpdir(), 'tradecert-pdf-bench-'));
  try {
    const inputFile = path.join(directory, 'input.json');
    await writeFile(inputFile, JSON.stringify(input));
    const script = path.join(root, 'bench/pdf-first-render.ts');
    return Array.from({ length: processes }, () =>
      Number(
        execFileSync(process.execPath, ['--import', 'tsx', script, inputFile, stage], { cwd: root, encoding: 'utf8' }),
      ),
    );
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** The same certificate with names in six scripts (Arabic, Chinese, Korean, Hindi, emoji, Vietnamese). */
function withSixScriptNames(base: CertificatePdfInput): CertificatePdfInput {
  return {
    ...base,
    company: {
      ...base.company,
      name: `${SIX_SCRIPT_NAMES.chinese} Waterproofing`,
      applicatorName: SIX_SCRIPT_NAMES.arabic,
    },
    areas: `Ensuite for ${SIX_SCRIPT_NAMES.hindi}; Laundry for ${SIX_SCRIPT_NAMES.korean}; Balcony for ${SIX_SCRIPT_NAMES.vietnamese}`,
    additionalInfo: `Crew on site: ${SIX_SCRIPT_NAMES.emoji}. ${base.additionalInfo}`,
  };
}

/** "6.3× (goal ≥ 6×): met", kept for the summary at the end. */
function judged(goals: string[], label: string, value: number, goal: number, unit: '×' | ' ms', atMost = false) {
  const met = atMost ? value <= goal : value >= goal;
  const line = `${label}: ${format(value, 1)}${unit} (goal ${atMost ? '≤' : '≥'} ${goal}${unit}): ${met ? 'met' : 'NOT met'}`;
  goals.push(line);
  return line;
}

/** Median time for Chromium (already running) to load the HTML and print it to PDF. */
async function printWithChromium(markup: string): Promise<{ ms: number; bytes: number }> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const runs: number[] = [];
    let bytes = 0;
    for (let run = 0; run < CHROMIUM_RUNS + 1; run++) {
      const { ms, result } = await timed(async () => {
        await page.setContent(markup, { waitUntil: 'load' });
        return page.pdf({ format: 'A4', printBackground: true });
      });
      if (run > 0) runs.push(ms); // the first run warms the browser up
      bytes = result.length;
    }
    return { ms: median(runs), bytes };
  } finally {
    await browser.close();
  }
}

/** The collector, so memory is compared between two collected heaps (not exposed without a flag). */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const memoryHeld = () => {
  collectGarbage();
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rss, held: heapUsed + external };
};

/**
 * The same certificates with their names in six scripts: the first render in a process that has
 * only printed Latin (it parses the script fonts) and the memory it keeps, then warm renders
 * interleaved with Latin-only ones, so both see the same load on a shared machine.
 */
async function sixScriptRenders(certificate: (run: number) => CertificatePdfInput) {
  const withNames = (run: number) => withSixScriptNames(certificate(run));
  const before = memoryHeld();
  const first = await timed(() => renderCertificatePdf(withNames(-100)));
  const after = memoryHeld();
  for (let run = 0; run < WARM_UP_RUNS; run++) await renderCertificatePdf(withNames(-run - 1));
  const mixed: number[] = [];
  const latin: number[] = [];
  for (let run = 0; run < WARM_RUNS; run++) {
    mixed.push((await timed(() => renderCertificatePdf(withNames(run)))).ms);
    latin.push((await timed(() => renderCertificatePdf(certificate(run)))).ms);
  }
  return {
    firstMs: first.ms,
    mixedMedian: median(mixed),
    latinMedian: median(latin),
    rssGrowthMb: (after.rss - before.rss) / 1024 / 1024,
    heldGrowthMb: (after.held - before.held) / 1024 / 1024,
  };
}

export async function runPdfBenchmark() {
  const originals = await Promise.all(Array.from({ length: 6 }, (_, index) => phonePhoto(index)));
  const processing = await timed(() => Promise.all(originals.map((original) => processImage(original, 'photo'))));
  // The product embeds the print copies made at upload (JPEG, flattened on white), never the PNGs.
  const logo = (await processImage(await solidPng(600, 240, '#0f766e'), 'logo')).print;
  const signature = (await processImage(await solidPng(500, 150, '#ffffff00'), 'signature')).print;
  const input: CertificatePdfInput = {
    certificateNumber: 'WPC-2026-0042',
    issueDate: '22 November 2026',
    draft: false,
    company: {
      name: 'Zoë Ng-Đặng Waterproofing',
      address: '3 Gum Tree Lane, Penrith NSW 2750',
      phone: '0400 000 000',
      email: 'office@example.com',
      abn: '51824753556',
      licence: 'WP-2231',
      applicatorName: 'Zoë Ng-Đặng',
    },
    logo,
    signature,
    issuedBy: null,
    jobSiteAddress: '7 Wattle Crescent, Katoomba NSW 2780',
    installationDate: '12 November 2026',
    areas: 'Ensuite: shower recess and floor; Laundry; Balcony',
    standards: [...KNOWN_STANDARDS],
    materialsUsed: 'Ardex WPM 300 membrane, 2 coats at right angles; bond breaker tape at all junctions',
    additionalInfo: 'Flood test held for 24 hours with no leaks observed. '.repeat(12),
    stateDetails: null,
    materials: [],
    checklists: [],
    photoGroups: [
      {
        stage: null,
        photos: processing.result.map((image, index) => ({ image: image.print, caption: `Photo ${index + 1}` })),
      },
    ],
    verifyUrl: 'https://app.example.com/certificates/6f1c2a1e-58a3-4a7e-9d1c-0f5b0a1d2e3f',
    fingerprint: 'a3'.repeat(32),
    amendment: null,
  };

  const cold = await firstRenders(input, 'cold', COLD_PROCESSES);
  // The first six-script PDF of a fresh worker: as the workers were (warm-up document only), and
  // once the worker reports ready, its fonts readied in the background after it (ADRs 0085, 0096).
  const sixScriptInput = withSixScriptNames(input);
  const firstSixScriptWarmedUp = await firstRenders(sixScriptInput, 'warmed-up', SIX_SCRIPT_PROCESSES);
  const firstSixScriptFontsReady = await firstRenders(sixScriptInput, 'fonts-ready', SIX_SCRIPT_PROCESSES);
  const firstLatinWarmedUp = await firstRenders(input, 'warmed-up', SIX_SCRIPT_PROCESSES);
  // Each warm run is a different certificate (its own number, address, notes and fingerprint), so
  // caches only help with what certificates really share: labels, standards, company details.
  const another = (run: number): CertificatePdfInput => ({
    ...input,
    certificateNumber: `WPC-2026-${String(1000 + run)}`,
    jobSiteAddress: `${run + 1} Wattle Crescent ${run}B, Katoomba${run} NSW 2780`,
    additionalInfo: `Run ${run}: flood test ${run * 7} held for ${run + 24} hours, job ${run}X. `.repeat(12),
    fingerprint: createHash('sha256').update(String(run)).digest('hex'),
    verifyUrl: `${(input.verifyUrl ?? '').slice(0, -4)}${String(run).padStart(4, '0')}`,
  });
  // Let the JIT settle before timing: "warm" means a server that has been running for a while.
  for (let run = 0; run < WARM_UP_RUNS; run++) await renderCertificatePdf(another(-run - 1));
  const warm: number[] = [];
  const rendered: Buffer[] = [];
  let bytes = 0;
  for (let run = 0; run < WARM_RUNS; run++) {
    const { ms, result } = await timed(() => renderCertificatePdf(another(run)));
    warm.push(ms);
    rendered.push(result);
    bytes = Math.max(bytes, result.length);
  }
  const mixed = await sixScriptRenders(another);
  // The seal every issued PDF gets once, before the cache keeps it (ADR 0041), on the same renders:
  // the work a PDF worker does for it, timed here in-process.
  const { key, certificate } = await throwawaySealIdentity();
  const seal = (pdf: Buffer, run: number) =>
    sealPdf({
      pdf,
      key,
      location: 'https://tradecert.example',
      version: {
        kind: 'certificate',
        documentId: '6f1c2a1e-58a3-4a7e-9d1c-0f5b0a1d2e3f',
        version: 1,
        fingerprint: createHash('sha256').update(String(run)).digest('hex'),
      },
    });
  for (let run = 0; run < WARM_UP_RUNS; run++) await seal(rendered[run % WARM_RUNS] as Buffer, run);
  const sealing: number[] = [];
  const checking: number[] = [];
  for (let run = 0; run < WARM_RUNS; run++) {
    const sealed = await timed(() => seal(rendered[run] as Buffer, run));
    sealing.push(sealed.ms);
    checking.push((await timed(() => checkSeal({ pdf: sealed.result, ours: [certificate] }))).ms);
  }
  const pdfLib: number[] = [];
  for (let run = 0; run < WARM_UP_RUNS; run++) await renderWithPdfLib(input);
  for (let run = 0; run < WARM_RUNS; run++) pdfLib.push((await timed(() => renderWithPdfLib(input))).ms);

  // Chromium is the baseline only. Fed the same print copies it is the fair comparison; fed the
  // stored photos (what printing the share page would embed) it shows what the copies save.
  const samePhotos = await printWithChromium(html(input));
  const storedPhotos = await printWithChromium(
    html({
      ...input,
      photoGroups: [
        {
          stage: null,
          photos: processing.result.map((image, index) => ({ image: image.data, caption: `Photo ${index + 1}` })),
        },
      ],
    }),
  );

  const budget = 300 * 1024 + 6 * 250 * 1024;
  const warmMedian = median(warm);
  const sealMedian = median(sealing);
  const sealedMedian = warmMedian + sealMedian;
  const pdfLibMedian = median(pdfLib);
  const goals: string[] = [];
  console.log('\nCertificate PDF with 6 phone photos (12 MP originals)');
  console.log(`photo processing (6 uploads: normalise + thumbnail + print copy): ${format(processing.ms, 0)} ms total`);
  console.log(
    `pdfkit (product), cold: first render in a fresh process, median of ${COLD_PROCESSES}: ${format(median(cold), 0)} ms (${cold.map((ms) => format(ms, 0)).join(', ')})`,
  );
  console.log(`pdfkit (product), warm: median of ${WARM_RUNS} different certificates: ${format(warmMedian, 1)} ms`);
  console.log(
    `pdfkit (product), warm, names in six scripts (Arabic, Chinese, Korean, Hindi, emoji, Vietnamese): ${format(mixed.mixedMedian, 1)} ms median of ${WARM_RUNS}, beside ${format(mixed.latinMedian, 1)} ms for the Latin-only certificate in the same interleaved runs: ${format(mixed.mixedMedian / mixed.latinMedian, 2)}×`,
  );
  console.log(
    `  its first render in a process that printed only Latin (script fonts parsed): ${format(mixed.firstMs, 0)} ms; memory kept: RSS +${format(mixed.rssGrowthMb, 0)} MB, heap + external +${format(mixed.heldGrowthMb, 0)} MB`,
  );
  const firstAfter = median(firstSixScriptFontsReady);
  console.log(
    `  first six-script PDF of a fresh worker, median of ${SIX_SCRIPT_PROCESSES}: ${format(median(firstSixScriptWarmedUp), 0)} ms after the warm-up document alone (before), ${format(firstAfter, 0)} ms once the worker reports ready, its fonts and scripts readied in the background after the warm-up document (${firstSixScriptFontsReady.map((ms) => format(ms, 0)).join(', ')}); the Latin certificate's first PDF after the warm-up document: ${format(median(firstLatinWarmedUp), 0)} ms`,
  );
  const firstPdfVerdict = judge('firstPdfInAnyScript', firstAfter / mixed.mixedMedian);
  goals.push(firstPdfVerdict);
  console.log(`  ${firstPdfVerdict}`);
  console.log(`pdf-lib, same photos, no text layout:  ${format(pdfLibMedian, 1)} ms median`);
  console.log(
    `seal (PAdES B-B, RSA 2048, once per issued version before caching): ${format(sealMedian, 1)} ms median of ${WARM_RUNS} (${format((sealMedian / warmMedian) * 100, 0)}% of the warm render); checking a seal ("Verify a PDF"): ${format(median(checking), 1)} ms median`,
  );
  console.log(
    `warm render + seal: ${format(warmMedian, 1)} + ${format(sealMedian, 1)} = ${format(sealedMedian, 1)} ms; ${judged(goals, 'render + seal vs the pdf-lib floor', sealedMedian / pdfLibMedian, PDF_LIB_FLOOR_GOAL, '×', true)}`,
  );
  for (const [label, chromium] of [
    ['same print copies', samePhotos],
    ['stored 2048 px photos', storedPhotos],
  ] as const) {
    console.log(
      `Chromium page.pdf(), browser running, ${label}: ${format(chromium.ms, 0)} ms median of ${CHROMIUM_RUNS}, ${format(chromium.bytes / 1024, 0)} KB; pdfkit is ${format(chromium.ms / warmMedian, 1)}× faster rendering, ${format(chromium.ms / sealedMedian, 1)}× rendering and sealing`,
    );
  }
  const chromiumVerdict = judge('renderAndSealVsChromium', samePhotos.ms / sealedMedian);
  goals.push(chromiumVerdict);
  console.log(chromiumVerdict);
  console.log(`size (largest warm run): ${format(bytes / 1024, 0)} KB (budget ${format(budget / 1024, 0)} KB)`);
  goals.push(
    `size: ${format(bytes / 1024, 0)} KB (goal ≤ ${format(budget / 1024, 0)} KB): ${bytes <= budget ? 'met' : 'NOT met'}`,
  );
  console.log('\nPDF goals:');
  for (const goal of goals) console.log(`  ${goal}`);
}
