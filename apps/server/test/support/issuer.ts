import type { Session } from '@app/contract';
import sharp from 'sharp';
import { expect } from 'vitest';
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
 * through `app` in process, or over HTTP to a running server at a base URL.
 */
export async function giveIssuer(app: App | string, session: Session): Promise<void> {
  const send = async (
    method: 'PATCH' | 'PUT',
    url: string,
    headers: Record<string, string>,
    payload: Buffer | string,
  ) => {
    const allHeaders = { authorization: `Bearer ${session.access_token}`, ...headers };
    if (typeof app !== 'string') return (await app.inject({ method, url, headers: allHeaders, payload })).statusCode;
    return (await fetch(`${app}${url}`, { method, headers: allHeaders, body: new Uint8Array(Buffer.from(payload)) }))
      .status;
  };
  const json = { 'content-type': 'application/json' };
  expect(await send('PATCH', '/api/profile', json, JSON.stringify(TEST_ISSUER))).toBe(200);
  const upload = multipartBody(await signatureImage(), 'signature.png', 'image/png');
  expect(await send('PUT', '/api/profile/signature', upload.headers, upload.payload)).toBe(200);
}
