import * as contract from '@app/contract';
import { type Endpoint, fillPath, isMultipartUpload, profileImageKinds } from '@app/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../src/platform/http/upload.ts';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { multipartBody } from '../support/multipart.ts';
import { recordFigures } from './figures.ts';

/**
 * Bad uploads (ADR 0047): every upload endpoint the contract declares (a multipart body) gets files
 * that are not what they claim, broken, hostile or too large. An image endpoint refuses each with a
 * 4xx in the error shape; the PDF check never calls one genuine. Never a 5xx.
 */

type Bad = {
  name: string;
  bytes: () => Promise<Buffer> | Buffer;
  filename: string;
  contentType: string;
};

const jpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#8899aa' } })
    .jpeg()
    .toBuffer();

const BAD_FILES: Bad[] = [
  { name: 'empty file', bytes: () => Buffer.alloc(0), filename: 'photo.jpg', contentType: 'image/jpeg' },
  {
    name: 'text called a JPEG',
    bytes: () => Buffer.from('hello, not a photo'),
    filename: 'photo.jpg',
    contentType: 'image/jpeg',
  },
  {
    name: 'truncated JPEG',
    bytes: async () => (await jpeg()).subarray(0, 120),
    filename: 'photo.jpg',
    contentType: 'image/jpeg',
  },
  {
    name: 'PNG signature then garbage',
    bytes: () => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(500, 0x41)]),
    filename: 'photo.png',
    contentType: 'image/png',
  },
  {
    name: 'SVG with a script',
    bytes: () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    filename: 'logo.svg',
    contentType: 'image/svg+xml',
  },
  {
    name: 'HTML called a JPEG',
    bytes: () => Buffer.from('<!doctype html><script>alert(1)</script>'),
    filename: 'photo.jpg',
    contentType: 'image/jpeg',
  },
  {
    name: 'a PDF sent as an image',
    bytes: () => Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF'),
    filename: 'photo.jpg',
    contentType: 'image/jpeg',
  },
  {
    name: 'pixel bomb (60 MP of one colour)',
    bytes: () =>
      sharp({ create: { width: 10_000, height: 6000, channels: 3, background: '#ffffff' } })
        .png({ compressionLevel: 9 })
        .toBuffer(),
    filename: 'bomb.png',
    contentType: 'image/png',
  },
  {
    name: 'one byte over the size limit',
    bytes: () => Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0xff),
    filename: 'huge.jpg',
    contentType: 'image/jpeg',
  },
];

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'responses' in value;

/** Every upload endpoint of the contract, one URL per value of its path parameters. */
function uploadTargets(): Array<{ method: 'POST' | 'PUT'; url: string; pdf: boolean }> {
  const endpoints = new Set<Endpoint>();
  for (const value of Object.values(contract)) {
    if (isEndpoint(value)) endpoints.add(value);
    else if (typeof value === 'object' && value !== null)
      for (const inner of Object.values(value)) if (isEndpoint(inner)) endpoints.add(inner);
  }
  return [...endpoints]
    .filter((endpoint) => isMultipartUpload(endpoint.body))
    .flatMap((endpoint) => {
      const kinds: readonly string[] = endpoint.path.includes(':kind') ? profileImageKinds : [''];
      return kinds.map((kind) => ({
        method: endpoint.method as 'POST' | 'PUT',
        url: fillPath(endpoint.path, kind ? { kind } : {}),
        pdf: endpoint.path.includes('pdf'),
      }));
    });
}

const { mail, app } = setUpTestApp();

describe('bad uploads', () => {
  it('are refused by every upload endpoint, never with a 5xx', { timeout: 120_000 }, async (context) => {
    const targets = uploadTargets();
    expect(targets.map((target) => target.url)).toEqual(
      expect.arrayContaining(['/api/certificates/photos', '/api/profile/logo', '/api/verify/pdf']),
    );
    const failures: string[] = [];
    let refused = 0;
    let serverErrors = 0;
    let address = 0;
    for (const bad of BAD_FILES) {
      const bytes = await bad.bytes();
      // A user per kind of bad file: the uploads' rate rules are not what is tested here.
      const owner = await registerConfirmedUser(app, mail);
      for (const target of targets) {
        const body = multipartBody(bytes, bad.filename, bad.contentType);
        const response = await app.inject({
          method: target.method,
          url: target.url,
          headers: { ...bearer(owner), ...body.headers },
          payload: body.payload,
          remoteAddress: `10.9.${++address >> 8}.${address & 255}`,
        });
        const where = `${bad.name} → ${target.method} ${target.url}: ${response.statusCode} ${response.body.slice(0, 160)}`;
        if (response.statusCode === 429) failures.push(`rate limited, so not tested: ${where}`);
        else if (response.statusCode >= 500) {
          serverErrors++;
          failures.push(where);
        } else if (response.statusCode >= 400) {
          if (!contract.errorResponseSchema.safeParse(response.json()).success) failures.push(`shape: ${where}`);
          else refused++;
        } else if (target.pdf && response.json().result !== 'genuine') refused++;
        else failures.push(`taken: ${where}`);
      }
    }
    recordFigures(context, { badUploadsRefused: refused, serverErrors });
    expect(failures).toEqual([]);
    expect(refused).toBe(BAD_FILES.length * targets.length);
  });
});
