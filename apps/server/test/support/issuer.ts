import sharp from 'sharp';
import type { App } from '../../src/app.ts';
import { multipartBody } from './multipart.ts';

/** What an issuer prints, as a test business fills it in (ADR 0065). */
export const TEST_ISSUER = {
  company_name: 'Dry Right Waterproofing',
  company_abn: '51 824 753 556',
  applicator_name: 'Sam Citizen',
} as const;

let signaturePng: Promise<Buffer> | undefined;

/** A small dark stroke on white: a signature image the upload accepts. */
function signatureImage(): Promise<Buffer> {
  signaturePng ??= sharp({ create: { width: 240, height: 80, channels: 3, background: '#ffffff' } })
    .composite([
      { input: { create: { width: 180, height: 6, channels: 3, background: '#111111' } }, left: 30, top: 40 },
    ])
    .png()
    .toBuffer();
  return signaturePng;
}

/**
 * Fills in the profile's issuer details and signature, so the user may complete and issue documents:
 * through `app` in process, or over HTTP to a running server at a base URL (the benchmarks too).
 */
export async function giveIssuer(app: App | string, accessToken: string): Promise<void> {
  const send = async (method: 'PATCH' | 'PUT', url: string, headers: Record<string, string>, payload: Buffer) => {
    const allHeaders = { authorization: `Bearer ${accessToken}`, ...headers };
    const status =
      typeof app === 'string'
        ? (await fetch(`${app}${url}`, { method, headers: allHeaders, body: new Uint8Array(payload) })).status
        : (await app.inject({ method, url, headers: allHeaders, payload })).statusCode;
    if (status !== 200) throw new Error(`${method} ${url} answered ${status} while naming the issuer`);
  };
  const json = { 'content-type': 'application/json' };
  await send('PATCH', '/api/profile', json, Buffer.from(JSON.stringify(TEST_ISSUER)));
  const upload = multipartBody(await signatureImage(), 'signature.png', 'image/png');
  await send('PUT', '/api/profile/signature', upload.headers, upload.payload);
}
