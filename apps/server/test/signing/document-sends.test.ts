import { createHash, randomUUID } from 'node:crypto';
import {
  type DocumentSend,
  rateLimits,
  SEND_ATTACHMENT_MAX_BYTES,
  SEND_MESSAGE_PREMIUM_MESSAGE,
  type Session,
  SIGNING_RECIPIENTS_PER_DAY,
  sendRecipientLimitMessage,
} from '@app/contract';
import { describe, expect, it } from 'vitest';
import { membershipOf } from '../../src/platform/accounts/memberships.ts';
import type { SignableDocument, SignableDocumentSource } from '../../src/platform/documents/signable-source.ts';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { createCompletedCertificate, postCertificate } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { untilRefused } from '../support/rate-limits.ts';
import { errorOf } from '../support/responses.ts';

/*
 * Sending a certificate or SWMS version to the builder (ADR 0042). The mail is read
 * from a real SMTP listener; the PDF is attached up to SEND_ATTACHMENT_MAX_BYTES, a link only above.
 */

/** A cover sheet kind whose PDF is as big as a test wants (the real ones are a few hundred KB). */
const bigDocuments = new Map<string, SignableDocument>();
let bigPdfBytes = SEND_ATTACHMENT_MAX_BYTES + 1;
const bigCoverSheets: SignableDocumentSource = {
  kind: 'cover_sheet',
  crewSignOn: false,
  ownerPath: (id) => `/swms/cover-sheets/${id}`,
  currentForOwner: async (_db, businessId, id) => {
    const document = bigDocuments.get(id);
    return document?.businessId === businessId ? document : null;
  },
  version: async (_db, id, version) => {
    const document = bigDocuments.get(id);
    return document?.version === version ? document : null;
  },
  lockedVersion: async (_db, id) => {
    const document = bigDocuments.get(id);
    return document ? { ...document, current: true } : null;
  },
  pdf: async () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(bigPdfBytes - 9, 0x20)]),
  // Never shown to a signer, nor signed, here: these documents are only sent to a builder.
  signedPdf: async () => {
    throw new Error('not signed in these tests');
  },
  signerView: async () => null,
};

const { database, mail, app, query } = setUpTestApp({ signableSources: [bigCoverSheets] });

const sendDocument = (session: Session, kind: string, id: string, body: object = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/signing/documents/${kind}/${id}/sends`,
    headers: bearer(session),
    payload: { email: 'site.manager@builder.example', name: 'Acme Builders', ...body },
  });

/** Sends the certificate for signing to all but one of a free account's daily recipients. */
const sendForSigningToTheRest = (session: Session, certificateId: string) =>
  app.inject({
    method: 'POST',
    url: `/api/signing/documents/certificate/${certificateId}/requests`,
    headers: bearer(session),
    payload: {
      signers: Array.from({ length: SIGNING_RECIPIENTS_PER_DAY.newOrFree - 1 }, (_, index) => ({
        name: `Signer ${index}`,
        email: `cap-${index}-${randomUUID()}@example.com`,
      })),
    },
  });

const sends = async (session: Session, kind: string, id: string) => {
  const response = await app.inject({ url: `/api/signing/documents/${kind}/${id}/sends`, headers: bearer(session) });
  expect(response.statusCode).toBe(200);
  return response.json<{ sends: DocumentSend[] }>().sends;
};

/** The attachments of a raw MIME mail: each part's type and file name. */
const attachmentsOf = (raw: string) =>
  [
    ...raw.matchAll(
      /Content-Type: ([^;\r\n]+);?\s*(?:name=)?"?([^"\r\n]*)"?\r?\n(?:[^\r\n]+\r?\n)*?Content-Disposition: attachment/g,
    ),
  ].map((match) => ({ type: match[1], name: match[2] }));

describe('sending a document to the builder', () => {
  it('mails the link and the PDF (with a Premium message), records "sent", and the first open once', async () => {
    const owner = await registerConfirmedUser(app, mail);
    await grantPremium(database.db, owner.user.id);
    const certificateId = await createCompletedCertificate(app, owner);
    const email = `builder-${randomUUID()}@example.com`;
    const response = await sendDocument(owner, 'certificate', certificateId, {
      email: email.toUpperCase(),
      message: 'For the handover',
    });
    expect(response.statusCode).toBe(201);
    const sent: DocumentSend = response.json();
    expect(sent).toMatchObject({
      recipient_email: email,
      recipient_name: 'Acme Builders',
      document_version: 1,
      opened_at: null,
    });

    // The first PDF of the run may take a while on a busy machine.
    const received = await mail.nextMailTo(email, 15_000);
    expect(received.text).toContain('Hello Acme Builders,');
    expect(received.text).toContain('Their message: "For the handover"');
    expect(attachmentsOf(received.raw)).toEqual([
      { type: 'application/pdf', name: expect.stringMatching(/^WPC-\d{4}-\d{4}-v1\.pdf$/) },
    ]);
    const link = mail.linkIn(received, /^\/api\/sent\//);
    expect(link.host).toBe('app.test');
    const token = link.pathname.slice('/api/sent/'.length);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await query('select token_hash from document_sends where id = $1', [sent.id]);
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    const anywhere = await query(
      `select (select count(*) from document_sends s where s::text like $1)
            + (select count(*) from pgboss.job j where j::text like $1) as n`,
      [`%${token}%`],
    );
    expect(Number(anywhere.rows[0].n)).toBe(0);
    await expect.poll(async () => (await sends(owner, 'certificate', certificateId))[0]?.attached).toBe(true);

    const opened = await app.inject({ url: link.pathname });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/certificates/${certificateId}?version=1`);
    const [first] = await sends(owner, 'certificate', certificateId);
    expect(first?.opened_at).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await app.inject({ url: link.pathname })).statusCode).toBe(303);
    const [again] = await sends(owner, 'certificate', certificateId);
    expect(again?.opened_at).toBe(first?.opened_at);
    // The page it leads to is the public one of that version.
    expect((await app.inject({ url: `/api/certificates/${certificateId}?version=1` })).statusCode).toBe(200);

    const unknown = await app.inject({ url: '/api/sent/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('not_found');
  });

  it("refuses a free account's personal message, sending and counting nothing, and sends it without one", async () => {
    const owner = await registerConfirmedUser(app, mail);
    const certificateId = await createCompletedCertificate(app, owner);
    const email = `relay-${randomUUID()}@example.com`;
    // Straight to the API, as a relay would: the form does not offer the box to a free account.
    const refused = await sendDocument(owner, 'certificate', certificateId, {
      email,
      message: 'Claim your prize at https://evil.test now',
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({
      code: 'premium_required',
      message: SEND_MESSAGE_PREMIUM_MESSAGE,
      details: [{ path: 'message', message: SEND_MESSAGE_PREMIUM_MESSAGE }],
    });
    expect(await sends(owner, 'certificate', certificateId)).toEqual([]);
    const { rows } = await query(
      `select (select count(*) from document_sends where user_id = $1)
            + (select count(*) from pgboss.job where data::text like '%evil.test%') as n`,
      [owner.user.id],
    );
    expect(Number(rows[0].n)).toBe(0);

    // Without one (or with only spaces) it goes; the mail has no words of the sender's.
    const sent = await sendDocument(owner, 'certificate', certificateId, { email, message: '   ' });
    expect(sent.statusCode).toBe(201);
    const received = await mail.nextMailTo(email);
    expect(received.text).not.toContain('Their message');
    expect(received.text).not.toContain('evil');
    // The refused try took none of the day's recipients: all but the one sent are left.
    expect((await sendForSigningToTheRest(owner, certificateId)).statusCode).toBe(201);
  });

  it('sends a link only when the PDF is over the attachment limit; the link then opens the PDF', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const id = randomUUID();
    bigDocuments.set(id, {
      kind: 'cover_sheet',
      id,
      businessId: (await membershipOf(app.db, owner.user.id)).businessId,
      number: 'CS-2026-0001',
      title: 'Cover sheet',
      version: 1,
      fingerprint: 'f'.repeat(64),
    });
    const email = `big-${randomUUID()}@example.com`;
    expect((await sendDocument(owner, 'cover_sheet', id, { email, message: undefined })).statusCode).toBe(201);
    const received = await mail.nextMailTo(email, 15_000);
    expect(attachmentsOf(received.raw)).toEqual([]);
    expect(received.text).toContain('too large to attach');
    expect(received.text).not.toContain('Their message');
    await expect.poll(async () => (await sends(owner, 'cover_sheet', id))[0]?.attached).toBe(false);
    const link = mail.linkIn(received, /^\/api\/sent\//);
    const opened = await app.inject({ url: link.pathname });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`${link.pathname}/pdf`);
    const pdf = await app.inject({ url: `${link.pathname}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.length).toBe(bigPdfBytes);

    // Exactly at the limit, it goes with the mail.
    bigPdfBytes = SEND_ATTACHMENT_MAX_BYTES;
    const atLimit = `at-limit-${randomUUID()}@example.com`;
    expect((await sendDocument(owner, 'cover_sheet', id, { email: atLimit })).statusCode).toBe(201);
    expect(attachmentsOf((await mail.nextMailTo(atLimit, 15_000)).raw)).toHaveLength(1);
  });

  it("counts each send against the account's daily recipients, shared with signing links", async () => {
    const owner = await registerConfirmedUser(app, mail);
    const certificateId = await createCompletedCertificate(app, owner);
    expect((await sendForSigningToTheRest(owner, certificateId)).statusCode).toBe(201);
    expect((await sendDocument(owner, 'certificate', certificateId)).statusCode).toBe(201);
    const refused = await sendDocument(owner, 'certificate', certificateId);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual({
      code: 'rate_limited',
      message: sendRecipientLimitMessage(SIGNING_RECIPIENTS_PER_DAY.newOrFree),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await sends(owner, 'certificate', certificateId)).toHaveLength(1);
  });

  it('limits sends per hour, in the error shape', async () => {
    const owner = await registerConfirmedUser(app, mail);
    await grantPremium(database.db, owner.user.id);
    await query(`update users set created_at = now() - interval '30 days' where id = $1`, [owner.user.id]);
    const certificateId = await createCompletedCertificate(app, owner);
    const { refused } = await untilRefused(rateLimits.documentSend, () =>
      sendDocument(owner, 'certificate', certificateId, { email: `hourly-${randomUUID()}@example.com` }),
    );
    expect(errorOf(refused).code).toBe('over_request_rate_limit');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('sends a certificate only once completed: a draft is not found, and nothing is recorded', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const created = await postCertificate(app, owner, { status: 'draft' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().status).toBe('draft');
    const draftId: string = created.json().id;
    const refused = await sendDocument(owner, 'certificate', draftId);
    expect(refused.statusCode).toBe(404);
    expect(errorOf(refused)).toEqual({ code: 'not_found', message: 'Document not found.' });
    const { rows } = await query('select count(*)::int as n from document_sends where document_id = $1', [draftId]);
    expect(rows[0].n).toBe(0);
  });

  it("keeps owners to their own documents: another's id, an unknown one or another kind is not found", async () => {
    const alice = await registerConfirmedUser(app, mail);
    const bob = await registerConfirmedUser(app, mail);
    const alicesCertificate = await createCompletedCertificate(app, alice);
    expect((await sendDocument(alice, 'certificate', alicesCertificate)).statusCode).toBe(201);
    for (const [kind, id] of [
      ['certificate', alicesCertificate],
      ['certificate', randomUUID()],
      ['swms', alicesCertificate],
      ['certificate', 'not-a-uuid'],
    ] as const) {
      const send = await sendDocument(bob, kind, id);
      expect(send.statusCode).toBe(404);
      expect(errorOf(send)).toEqual({ code: 'not_found', message: 'Document not found.' });
      const list = await app.inject({ url: `/api/signing/documents/${kind}/${id}/sends`, headers: bearer(bob) });
      expect(list.statusCode).toBe(404);
    }
    expect(
      (await app.inject({ url: `/api/signing/documents/certificate/${alicesCertificate}/sends` })).statusCode,
    ).toBe(401);
    const invalid = await sendDocument(alice, 'certificate', alicesCertificate, {
      email: 'a,b@example.com',
      name: ' ',
    });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).code).toBe('validation_failed');
  });
});
