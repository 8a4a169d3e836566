/**
 * Renders the sample certificate the landing page shows: a realistic certificate through the
 * server's real PDF layout, first page rasterised by pdftoppm (poppler-utils) and encoded as WebP by
 * sharp. The output is committed (apps/web/public), so nothing is generated at install or run time;
 * run `npm run render:sample-certificate` again after changing the certificate layout.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { renderCertificatePdf } from '../apps/server/src/features/certificates/certificate-pdf-layout.ts';
import { processImage } from '../apps/server/src/platform/images/image-processing.ts';
import { SAMPLE_CERTIFICATE_IMAGE } from '../apps/web/src/features/home/sample-certificate.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const output = path.join(root, 'apps/web/public', SAMPLE_CERTIFICATE_IMAGE.src);

const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="240">
  <rect x="10" y="40" width="160" height="160" rx="28" fill="#0f766e"/>
  <path d="M90 70c-30 40-45 62-45 82a45 45 0 0 0 90 0c0-20-15-42-45-82z" fill="#ffffff"/>
  <text x="195" y="125" font-family="DejaVu Sans" font-weight="bold" font-size="58" fill="#0f172a">Harbour</text>
  <text x="195" y="185" font-family="DejaVu Sans" font-size="44" fill="#0f766e">Waterproofing</text>
</svg>`;

const signatureSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="150">
  <path d="M20 110c30-70 55-90 65-60s-25 70 5 55 40-80 60-70-10 60 15 55 35-45 55-40 5 35 30 30
    40-30 70-25 60 10 90 5" fill="none" stroke="#1e293b" stroke-width="5" stroke-linecap="round"/>
</svg>`;

const renderSvg = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

async function main() {
  const logo = (await processImage(await renderSvg(logoSvg), 'logo')).print;
  const signature = (await processImage(await renderSvg(signatureSvg), 'signature')).print;
  const pdf = await renderCertificatePdf({
    certificateNumber: 'WPC-2026-0042',
    issueDate: '21 November 2026',
    draft: false,
    issuedBy: null,
    company: {
      name: 'Harbour Waterproofing Pty Ltd',
      address: '14 Example Street, Parramatta NSW 2150',
      phone: '02 9000 0000',
      email: 'office@harbourwaterproofing.example',
      abn: '51824753556',
      licence: 'WP-12345',
      applicatorName: 'Sam Citizen',
    },
    logo,
    signature,
    jobSiteAddress: 'Unit 3, 27 Quay Street, Sydney NSW 2000',
    installationDate: '20 November 2026',
    areas: 'Ensuite: shower recess and floor, including hob and wall junctions; Laundry floor',
    standards: ['AS 3740-2021 Waterproofing of domestic wet areas'],
    materialsUsed:
      'Ardex WPM 300 liquid membrane, two coats at right angles\nArdex WA 98 bond breaker tape at all wall/floor junctions\nPuddle flanges at floor wastes',
    additionalInfo: 'Flood test held for 24 hours after curing with no leaks observed. Membrane cured before tiling.',
    stateDetails: null,
    materials: [],
    checklists: [],
    photoGroups: [],
    verifyUrl: 'https://tradecert.example/certificates/6f1c2a1e-58a3-4a7e-9d1c-0f5b0a1d2e3f',
    fingerprint: '9b2e4c1f0a7d63e85c4b1a2f9e0d7c6b5a4938271605f4e3d2c1b0a9f8e7d6c5',
    amendment: null,
  });

  const directory = await mkdtemp(path.join(tmpdir(), 'sample-certificate-'));
  try {
    const pdfFile = path.join(directory, 'certificate.pdf');
    await writeFile(pdfFile, pdf);
    // 110 dpi makes an A4 page about 910 px wide: sharp at twice the size it is shown (≤ 448 px).
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '110',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdfFile,
      path.join(directory, 'page'),
    ]);
    const page = await readFile(path.join(directory, 'page.png'));
    const { width, height } = SAMPLE_CERTIFICATE_IMAGE;
    await sharp(page).resize(width, height, { fit: 'fill' }).webp({ quality: 80 }).toFile(output);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
  console.log(`Wrote ${path.relative(root, output)}`);
}

await main();
