import type { Session, SignerView } from '@app/contract';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { App } from '../../src/app.ts';
import { bearer, uniqueEmail } from './auth-helpers.ts';
import type { MailCatcher } from './mail-catcher.ts';

let drawnSignature: string | undefined;

/** A drawn signature as the signing page sends it: one dark stroke on a transparent PNG, base64. */
export async function signaturePng(): Promise<string> {
  drawnSignature ??= (
    await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="300" height="100"><path d="M10 80 C 60 10, 120 10, 290 60" stroke="#0f172a" stroke-width="4" fill="none"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer()
  ).toString('base64');
  return drawnSignature;
}

/**
 * `session`'s user sends the document to one signer, Alex Builder (Builder), by email; answers the
 * token in the mailed signing link.
 */
export async function mailedSigningToken(app: App, mail: MailCatcher, session: Session, kind: string, id: string) {
  const email = uniqueEmail('builder');
  const sent = await app.inject({
    method: 'POST',
    url: `/api/signing/documents/${kind}/${id}/requests`,
    headers: bearer(session),
    payload: { signers: [{ name: 'Alex Builder', email, role: 'Builder' }] },
  });
  expect(sent.statusCode).toBe(201);
  expect((sent.json().signers as SignerView[]).length).toBe(1);
  return mail.linkIn(await mail.nextMailTo(email), /^\/sign\//).pathname.slice('/sign/'.length);
}

/**
 * `session`'s user sends the document to signers of these names, each at an address of their own;
 * answers the addresses and the tokens in their mailed links, in the same order.
 */
export async function sendToSigners(
  app: App,
  mail: MailCatcher,
  session: Session,
  kind: string,
  id: string,
  names: string[],
) {
  const signers = names.map((name) => ({ name, email: uniqueEmail(name.toLowerCase()) }));
  const response = await app.inject({
    method: 'POST',
    url: `/api/signing/documents/${kind}/${id}/requests`,
    headers: bearer(session),
    payload: { signers },
  });
  expect(response.statusCode).toBe(201);
  const tokens = await Promise.all(
    signers.map(async ({ email }) =>
      mail.linkIn(await mail.nextMailTo(email), /^\/sign\//).pathname.slice('/sign/'.length),
    ),
  );
  return { emails: signers.map((signer) => signer.email), tokens };
}

/** The document sent as by `mailedSigningToken`, and signed (drawn) by Alex through the link. */
export async function signByEmail(app: App, mail: MailCatcher, session: Session, kind: string, id: string) {
  const token = await mailedSigningToken(app, mail, session, kind, id);
  const signed = await app.inject({
    method: 'POST',
    url: `/api/sign/${token}/sign`,
    payload: { name: 'Alex Builder', read_confirmed: true, method: 'drawn', signature_png: await signaturePng() },
  });
  expect(signed.statusCode).toBe(200);
}

/**
 * A CTE for a test that writes a signature request by SQL: it issues the version first, as sending
 * for signing does through the issue step (ADR 0099). `kind`, `documentId` and `version` are SQL:
 * parameters such as `$2`, or literals.
 */
export const issuingFirst = (kind: string, documentId: string, version: string) =>
  `with issued as (
     update document_versions set issued_at = coalesce(issued_at, now())
       where kind = ${kind} and document_id = ${documentId} and version = ${version})`;
