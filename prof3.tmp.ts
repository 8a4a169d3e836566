import sharp from 'sharp';
import { renderCertificatePdf } from './apps/server/src/platform/pdf/certificate-pdf.ts';
const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#557766', noise: { type: 'gaussian', mean: 128, sigma: 18 } } }).jpeg({ quality: 72 }).toBuffer();
const logo = await sharp({ create: { width: 600, height: 240, channels: 4, background: '#0f766e' } }).png().toBuffer();
const input = { certificateNumber: 'WPC-2026-0042', issueDate: '22 November 2026', draft: false, company: { name: 'Zoë', address: 'a', phone: 'b', email: 'c', abn: '51824753556', licence: 'x', applicatorName: 'Zoë' }, logo, signature: logo, jobSiteAddress: '7 Wattle', installationDate: '12 November 2026', areas: 'Ensuite', standards: ['AS 3740-2021'], materialsUsed: 'Ardex', additionalInfo: 'Flood test held for 24 hours with no leaks observed. '.repeat(12), photos: Array.from({ length: 6 }, (_, i) => ({ image: photo, caption: `Photo ${i}` })), verifyUrl: 'https://app.example.com/certificates/6f1c2a1e-58a3-4a7e-9d1c-0f5b0a1d2e3f', fingerprint: 'a3'.repeat(32) };
for (let i = 0; i < 20; i++) await renderCertificatePdf(input);
const t = performance.now(); for (let i = 0; i < 50; i++) await renderCertificatePdf(input);
console.log(((performance.now() - t) / 50).toFixed(1), 'ms');
