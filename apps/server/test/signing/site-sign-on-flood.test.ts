import { randomBytes } from 'node:crypto';
import {
  type Session,
  SITE_SIGN_ON_DEFAULT_LIMIT,
  type SigningPanel,
  type SiteSignOnLink,
  signingMessages,
} from '@app/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { pdfText } from '../support/pdf-tools.ts';
import { errorOf } from '../support/responses.ts';
import { createReadySwms } from '../support/swms.ts';

/*
 * ADR 0022: anyone holding a crew QR code once sent 160 sign-ons with 181 KB noise PNGs, and the
 * register PDF grew to 187 MB. Signatures are now re-encoded small, a code takes a capped number of
 * sign-ons, and the owner can set junk ones aside.
 */

const { mail, app, query } = setUpTestApp();

let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter % 250}`;

/** A PNG of random noise, as the review sent: it compresses to nothing. */
async function noisePng(): Promise<string> {
  const width = 360;
  const height = 170;
  const png = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return png.toString('base64');
}

async function openLink(session: Session, swmsId: string, body: object = {}) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/signing/documents/swms/${swmsId}/site-sign-on`,
    headers: bearer(session),
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  const link: SiteSignOnLink = response.json();
  const token = new URL(link.url).pathname.slice('/sign/'.length);
  const page = await app.inject({ url: `/api/sign/${token}`, remoteAddress: nextIp() });
  shownFingerprints.set(token, page.json().document.fingerprint);
  return { link, token };
}

/** What each code's page showed: a crew sign-on names the version the worker read (ADR 0066). */
const shownFingerprints = new Map<string, string>();

const signOn = (token: string, name: string, signature: string) =>
  app.inject({
    method: 'POST',
    url: `/api/sign/${token}/sign`,
    remoteAddress: nextIp(),
    payload: {
      name,
      company: 'Crew Co',
      read_confirmed: true,
      method: 'drawn',
      signature_png: signature,
      document_fingerprint: shownFingerprints.get(token),
    },
  });

const panelOf = async (session: Session, swmsId: string): Promise<SigningPanel> =>
  (await app.inject({ url: `/api/signing/documents/swms/${swmsId}`, headers: bearer(session) })).json();

describe('a crew QR code under a flood', () => {
  it('stores every signature small and bounded, so the register PDF stays small', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const swms = await createReadySwms(app, owner);
    const { token } = await openLink(owner, swms.id);
    const noise = await noisePng();
    expect(Buffer.from(noise, 'base64').length).toBeGreaterThan(150_000);

    for (const name of ['Noise One', 'Noise Two', 'Noise Three']) {
      expect((await signOn(token, name, noise)).statusCode).toBe(200);
    }
    const { rows } = await query(
      `select f.byte_size, f.width, f.height from signature_requests r join files f on f.id = r.signature_file_id
        where r.document_id = $1`,
      [swms.id],
    );
    expect(rows).toHaveLength(3);
    for (const file of rows) {
      expect(file.width).toBeLessThanOrEqual(600);
      expect(file.height).toBeLessThanOrEqual(200);
      expect(file.byte_size).toBeLessThanOrEqual(40_000);
    }
    const pdf = await app.inject({ url: `/api/sign/${token}/pdf`, remoteAddress: nextIp() });
    expect(pdf.statusCode).toBe(200);
    // Three noise signatures add at most their bounded copies (the review's 160 made 187 MB).
    expect(pdf.rawPayload.length).toBeLessThan(400_000);
  });

  it(`takes ${SITE_SIGN_ON_DEFAULT_LIMIT} sign-ons by default and exactly that many of a parallel flood`, async () => {
    const owner = await registerConfirmedUser(app, mail);
    const swms = await createReadySwms(app, owner);
    const { link, token } = await openLink(owner, swms.id);
    expect(link.max_sign_ons).toBe(SITE_SIGN_ON_DEFAULT_LIMIT);
    const signature = await noisePng();
    const answers = await Promise.all(
      Array.from({ length: SITE_SIGN_ON_DEFAULT_LIMIT + 10 }, (_, index) => signOn(token, `Flood ${index}`, signature)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(SITE_SIGN_ON_DEFAULT_LIMIT);
    expect(statuses.filter((status) => status === 409)).toHaveLength(10);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(errorOf(refused as NonNullable<typeof refused>).message).toBe(signingMessages.siteSignOnFull);
    expect((await panelOf(owner, swms.id)).site_sign_on).toMatchObject({
      signed_on: SITE_SIGN_ON_DEFAULT_LIMIT,
      max_sign_ons: SITE_SIGN_ON_DEFAULT_LIMIT,
    });
  });

  it("takes the owner's own cap, refuses caps out of range, and stops at once when closed", async () => {
    const owner = await registerConfirmedUser(app, mail);
    const swms = await createReadySwms(app, owner);
    for (const max_sign_ons of [0, 201, 2.5, '3']) {
      const refused = await app.inject({
        method: 'POST',
        url: `/api/signing/documents/swms/${swms.id}/site-sign-on`,
        headers: bearer(owner),
        payload: { max_sign_ons },
      });
      expect(refused.statusCode).toBe(400);
    }
    const { link, token } = await openLink(owner, swms.id, { max_sign_ons: 2 });
    expect(link.max_sign_ons).toBe(2);
    const signature = await noisePng();
    expect((await signOn(token, 'Ann', signature)).statusCode).toBe(200);
    expect((await signOn(token, 'Ben', signature)).statusCode).toBe(200);
    expect((await signOn(token, 'Cal', signature)).statusCode).toBe(409);

    const closed = await app.inject({
      method: 'POST',
      url: `/api/signing/documents/swms/${swms.id}/site-sign-on/revoke`,
      headers: bearer(owner),
    });
    expect(closed.statusCode).toBe(200);
    const after = await signOn(token, 'Dee', signature);
    expect(after.statusCode).toBe(409);
    expect(errorOf(after).message).toBe(signingMessages.linkClosed);
  });

  it('lets the owner set a junk sign-on aside: off the register, kept in the audit trail, its place freed', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const swms = await createReadySwms(app, owner);
    const { token } = await openLink(owner, swms.id, { max_sign_ons: 2 });
    const signature = await noisePng();
    expect((await signOn(token, 'Real Worker', signature)).statusCode).toBe(200);
    expect((await signOn(token, 'Junk Signer', signature)).statusCode).toBe(200);
    const junk = (await panelOf(owner, swms.id)).signers.find((signer) => signer.name === 'Junk Signer');
    if (!junk) throw new Error('the junk sign-on is not on the panel');

    const setAside = await app.inject({
      method: 'POST',
      url: `/api/signing/requests/${junk.id}/set-aside`,
      headers: bearer(owner),
    });
    expect(setAside.statusCode).toBe(200);
    expect(setAside.json().set_aside_at).not.toBeNull();
    // Once only; and the panel marks it.
    expect(
      (await app.inject({ method: 'POST', url: `/api/signing/requests/${junk.id}/set-aside`, headers: bearer(owner) }))
        .statusCode,
    ).toBe(404);
    const panel = await panelOf(owner, swms.id);
    expect(panel.signers.find((signer) => signer.id === junk.id)?.set_aside_at).not.toBeNull();
    expect(panel.site_sign_on?.signed_on).toBe(1);

    const register = await pdfText(
      (await app.inject({ url: `/api/sign/${token}/pdf`, remoteAddress: nextIp() })).rawPayload,
    );
    expect(register).toContain('Real Worker');
    expect(register).not.toContain('Junk Signer');
    const { rows: events } = await query(
      `select type from audit_events where subject_id = $1 and data->>'signerId' = $2 order by occurred_at, id`,
      [swms.id, junk.id],
    );
    // A crew sign-on opens its page as it signs, so it too has an opened row, as a link signer's trail has.
    expect(events.map((event) => event.type)).toEqual(['signing.opened', 'signing.signed', 'signing.set_aside']);
    // Its place on the code is free again.
    expect((await signOn(token, 'Second Real Worker', signature)).statusCode).toBe(200);
  });

  it('lets only the owner set aside, and only a site sign-on', async () => {
    const alice = await registerConfirmedUser(app, mail);
    const bob = await registerConfirmedUser(app, mail);
    const swms = await createReadySwms(app, alice);
    const { token } = await openLink(alice, swms.id);
    expect((await signOn(token, 'Worker', await noisePng())).statusCode).toBe(200);
    const [signOnRow] = (await panelOf(alice, swms.id)).signers;
    const url = `/api/signing/requests/${signOnRow?.id}/set-aside`;
    expect((await app.inject({ method: 'POST', url, headers: bearer(bob) })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/api/signing/requests/not-a-uuid/set-aside', headers: bearer(alice) }))
        .statusCode,
    ).toBe(404);

    // A signer Alice named and emailed is answered by revoking their link, never set aside.
    const sent = await app.inject({
      method: 'POST',
      url: `/api/signing/documents/swms/${swms.id}/requests`,
      headers: bearer(alice),
      payload: { signers: [{ name: 'Named Builder', email: 'named-builder@example.com' }] },
    });
    const named = sent.json().signers[0].id;
    const refused = await app.inject({
      method: 'POST',
      url: `/api/signing/requests/${named}/set-aside`,
      headers: bearer(alice),
    });
    expect(refused.statusCode).toBe(404);
    expect((await panelOf(alice, swms.id)).signers.every((signer) => signer.set_aside_at === null)).toBe(true);
  });
});
