import type { Session, Swms } from '@app/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { uncoveredCharacters } from '../../src/platform/pdf/text-runs.ts';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { completedCertificateBody } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import type { CaughtMail } from '../support/mail-catcher.ts';
import { pdfFonts, pdfText } from '../support/pdf-tools.ts';
import { SIX_SCRIPT_NAMES } from '../support/six-scripts.ts';
import { createReadySwms } from '../support/swms.ts';

/*
 * Any script in every PDF (ADR 0050): names in six scripts, each printed in a
 * certificate, a SWMS's sign-on register and a signed PDF, read back with poppler. pdftotext must
 * give each name back as typed, in logical order; pdffonts must show every font embedded; and no
 * character of a name may be left without a font (it would be drawn as .notdef, a box).
 */

const names = Object.values(SIX_SCRIPT_NAMES);

const { database, mail, app } = setUpTestApp();

/**
 * What pdftotext reads, as one line: poppler marks a right-to-left stretch with embedding controls
 * (U+202A–U+202E) for display, which are not text.
 */
const readBack = async (pdf: Buffer) => (await pdfText(pdf)).replace(/[\u202A-\u202E]/gu, '').replace(/\s+/gu, ' ');

async function expectEveryNameReadBack(pdf: Buffer) {
  const text = await readBack(pdf);
  for (const name of names) expect(text, name).toContain(name);
  const fonts = (await pdfFonts(pdf)).split('\n').slice(2).filter(Boolean);
  // DejaVu, and at least the Arabic, CJK, Devanagari and emoji fonts beside it.
  expect(fonts.length).toBeGreaterThanOrEqual(6);
  for (const line of fonts) expect(line).toMatch(/\byes\s+yes\s+yes\b/); // embedded, subset, ToUnicode
}

let owner: Session;
let signaturePng: string;
let ipCounter = 0;
const nextIp = () => `203.0.113.${++ipCounter}`;

beforeAll(async () => {
  owner = await registerConfirmedUser(app, mail);
  await grantPremium(database.db, owner.user.id);
  const profile = await app.inject({
    method: 'PATCH',
    url: '/api/profile',
    headers: bearer(owner),
    payload: { company_name: `${SIX_SCRIPT_NAMES.chinese} Waterproofing`, applicator_name: SIX_SCRIPT_NAMES.arabic },
  });
  expect(profile.statusCode).toBe(200);
  signaturePng = (
    await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="300" height="100"><path d="M10 80 L 290 20" stroke="#000" stroke-width="4"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer()
  ).toString('base64');
}, 120_000);

/** A signature by link, or a crew sign-on, which names the version it read (`site`, ADR 0066). */
const sign = (token: string, name: string, site?: { company: string; fingerprint: string }) =>
  app.inject({
    method: 'POST',
    url: `/api/sign/${token}/sign`,
    remoteAddress: nextIp(),
    payload: {
      name,
      ...(site && { company: site.company, document_fingerprint: site.fingerprint }),
      read_confirmed: true,
      signature_png: signaturePng,
      method: 'drawn',
    },
  });

/** Text and HTML parts of a mail, each decoded from its transfer encoding and charset. */
function mailParts(caught: CaughtMail) {
  const boundary = caught.raw.match(/boundary="?([^";\r\n]+)"?/u)?.[1];
  const parts = boundary ? caught.raw.split(`--${boundary}`).slice(1, -1) : [caught.raw];
  return parts.map((part) => {
    const [head = '', ...rest] = part.trim().split(/\r?\n\r?\n/u);
    const body = rest.join('\n\n');
    const encoding = head.match(/content-transfer-encoding:\s*(\S+)/iu)?.[1]?.toLowerCase();
    const bytes =
      encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/gu, ''), 'base64')
        : encoding === 'quoted-printable'
          ? Buffer.from(
              body
                .replace(/=\r?\n/gu, '')
                .replace(/=([0-9A-F]{2})/giu, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
              'latin1',
            )
          : Buffer.from(body, 'utf8');
    return { contentType: head.match(/content-type:\s*([^\r\n]+)/iu)?.[1] ?? '', body: bytes.toString('utf8') };
  });
}

describe('names in any script', () => {
  it('has a font for every character of every name, regular and bold', () => {
    for (const name of names) {
      expect(uncoveredCharacters(name, 'regular')).toEqual([]);
      expect(uncoveredCharacters(name, 'bold')).toEqual([]);
    }
  });

  it('prints a Latin and Vietnamese certificate in DejaVu alone, as before', async () => {
    const latin = await registerConfirmedUser(app, mail);
    await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: bearer(latin),
      payload: { company_name: 'O’Brien & Sons', applicator_name: 'Seán Đặng-O’Brien' },
    });
    const created = await app.inject({
      method: 'POST',
      url: '/api/certificates',
      headers: bearer(latin),
      payload: completedCertificateBody(latin, { areas: `Ensuite for ${SIX_SCRIPT_NAMES.vietnamese}` }),
    });
    const pdf = (await app.inject({ url: `/api/certificates/${created.json().id}/pdf`, headers: bearer(latin) }))
      .rawPayload;
    const text = await readBack(pdf);
    for (const name of ['O’Brien & Sons', 'Seán Đặng-O’Brien', SIX_SCRIPT_NAMES.vietnamese])
      expect(text).toContain(name);
    const fonts = (await pdfFonts(pdf)).split('\n').slice(2).filter(Boolean);
    for (const line of fonts) expect(line).toMatch(/\+DejaVuSans(-Bold|Mono)?\s/u);
  });

  it('prints each name in a certificate, read back as typed, with every font embedded', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/certificates',
      headers: bearer(owner),
      payload: completedCertificateBody(owner, {
        job_site_address: `Home of ${SIX_SCRIPT_NAMES.hindi}, 7 Wattle Crescent, Katoomba NSW 2780`,
        areas: `Ensuite for ${SIX_SCRIPT_NAMES.vietnamese}; Laundry for ${SIX_SCRIPT_NAMES.korean}`,
        additional_info: `Crew on site: ${SIX_SCRIPT_NAMES.emoji}`,
      }),
    });
    expect(created.statusCode).toBe(201);
    const pdf = await app.inject({ url: `/api/certificates/${created.json().id}/pdf`, headers: bearer(owner) });
    expect(pdf.statusCode).toBe(200);
    await expectEveryNameReadBack(pdf.rawPayload);
  });

  it('prints each worker of a site sign-on in the SWMS register, with their companies', async () => {
    const swms: Swms = await createReadySwms(app, owner, `Balcony for ${SIX_SCRIPT_NAMES.korean}`);
    const link = await app.inject({
      method: 'POST',
      url: `/api/signing/documents/swms/${swms.id}/site-sign-on`,
      headers: bearer(owner),
      payload: {},
    });
    expect(link.statusCode).toBe(200);
    const token = new URL(link.json().url).pathname.slice('/sign/'.length);
    for (const name of names) {
      const site = { company: `${name} Tiling`, fingerprint: swms.fingerprint };
      expect((await sign(token, name, site)).statusCode).toBe(200);
    }

    const signed = await app.inject({
      url: `/api/signing/documents/swms/${swms.id}/signed-pdf`,
      headers: bearer(owner),
    });
    expect(signed.statusCode).toBe(200);
    await expectEveryNameReadBack(signed.rawPayload);
    // Each company too (poppler moves the space after a right-to-left name before it, so not "name Tiling").
    expect((await readBack(signed.rawPayload)).match(/Tiling/gu)?.length).toBeGreaterThanOrEqual(names.length);
  });

  it('prints each signer of a certificate signed by email in its signed PDF, and mails their names intact', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/certificates',
      headers: bearer(owner),
      payload: completedCertificateBody(owner),
    });
    const certificateId: string = created.json().id;
    const signers = names.map((name, index) => ({ name, email: `signer-${index}-${certificateId}@example.com` }));
    const sent = await app.inject({
      method: 'POST',
      url: `/api/signing/documents/certificate/${certificateId}/requests`,
      headers: bearer(owner),
      remoteAddress: nextIp(),
      payload: { signers },
    });
    expect(sent.statusCode).toBe(201);
    for (const signer of signers) {
      const invitation = await mail.nextMailTo(signer.email);
      const token = mail.linkIn(invitation, /^\/sign\//).pathname.slice('/sign/'.length);
      expect((await sign(token, signer.name)).statusCode).toBe(200);
    }

    const pdf = await app.inject({
      url: `/api/signing/documents/certificate/${certificateId}/signed-pdf`,
      headers: bearer(owner),
    });
    expect(pdf.statusCode).toBe(200);
    await expectEveryNameReadBack(pdf.rawPayload);

    // The owner hears of each signature: the name arrives whole in both parts, declared UTF-8.
    const news = await mail.nextMailTo(owner.user.email, 15_000);
    const parts = mailParts(news);
    expect(parts.map((part) => part.contentType)).toEqual([
      expect.stringMatching(/^text\/plain; charset=utf-8/iu),
      expect.stringMatching(/^text\/html; charset=utf-8/iu),
    ]);
    const signerNamed = names.find((name) => parts[0]?.body.includes(name));
    expect(signerNamed).toBeDefined();
    expect(parts[1]?.body).toContain(signerNamed);
  });
});
