import { type Session, signingOwnerMessages } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { archivalFacts } from '../support/pdf-archival.ts';
import { pdfInfo, pdfPageCount, pdfText } from '../support/pdf-tools.ts';
import { errorOf } from '../support/responses.ts';
import { createReadyCoverSheet, createReadySwms, readySwmsBody } from '../support/swms.ts';

/*
 * The site board: a SWMS's crew QR code on an A4 poster (its title, site, the link as text and how
 * to sign on), for its owner only, printing the link the panel shows.
 */

const { mail, app, query } = setUpTestApp({ settings: { publicUrl: 'https://certs.example.com' } });

type Method = 'GET' | 'POST';
const call = (session: Session | null, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: session ? bearer(session) : {}, ...(payload ? { payload } : {}) });

const boardUrl = (kind: string, id: string) => `/api/signing/documents/${kind}/${id}/site-board`;

describe('site board', () => {
  it("prints the SWMS's title, site, crew link and instructions on one A4 PDF/A page", async () => {
    const owner = await registerConfirmedUser(app, mail);
    const swms = await createReadySwms(app, owner, 'Balcony membrane, Level 3');
    const opened = await call(owner, 'POST', `/api/signing/documents/swms/${swms.id}/site-sign-on`, {});
    expect(opened.statusCode).toBe(200);
    const crewUrl: string = opened.json().url;
    expect(crewUrl).toMatch(/^https:\/\/certs\.example\.com\/sign\//);

    const board = await call(owner, 'GET', boardUrl('swms', swms.id));
    expect(board.statusCode).toBe(200);
    expect(board.headers['content-type']).toBe('application/pdf');
    const pdf = board.rawPayload;
    expect(await pdfPageCount(pdf)).toBe(1);
    expect(await pdfInfo(pdf)).toMatch(/^Page size:\s+595\.28 x 841\.89 pts \(A4\)$/m);
    const text = (await pdfText(pdf, 'raw')).replace(/\s+/g, ' ');
    expect(text).toContain('Balcony membrane, Level 3');
    expect(text).toContain(`Site: ${readySwmsBody().work_location}`);
    expect(text).toContain(crewUrl);
    expect(text).toContain('1. Scan the QR code');
    expect(text).toContain('2. Read the SWMS');
    expect(text).toContain('3. Sign on with your name and company');
    // The link the panel shows is the one printed: the same code as the owner's screen.
    const panel = await call(owner, 'GET', `/api/signing/documents/swms/${swms.id}`);
    expect(panel.json().site_sign_on.url).toBe(crewUrl);

    expect(await archivalFacts(pdf)).toMatchObject({
      pdfaPart: '2',
      pdfaConformance: 'B',
      marked: true,
      untaggedTextRuns: 0,
      unbalancedMarks: 0,
      figureAlts: [`QR code that opens ${crewUrl}`],
    });
  });

  it('is for the owner only, and only while a crew QR code is open', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const other = await registerConfirmedUser(app, mail);
    const swms = await createReadySwms(app, owner);

    // Nothing to print before the owner shows the code.
    const early = await call(owner, 'GET', boardUrl('swms', swms.id));
    expect(early.statusCode).toBe(409);
    expect(errorOf(early)).toMatchObject({ code: 'conflict', message: signingOwnerMessages.noCrewQrCode });

    expect((await call(owner, 'POST', `/api/signing/documents/swms/${swms.id}/site-sign-on`, {})).statusCode).toBe(200);
    const stranger = await call(other, 'GET', boardUrl('swms', swms.id));
    expect(stranger.statusCode).toBe(404);
    expect(errorOf(stranger).code).toBe('not_found');
    expect((await call(null, 'GET', boardUrl('swms', swms.id))).statusCode).toBe(401);

    // A cover sheet has no crew sign-on (ready, it needs the business's name).
    await query(
      "update businesses set company_name = 'Dry Wet Areas Pty Ltd' where id = (select business_id from memberships where user_id = $1)",
      [owner.user.id],
    );
    const cover = await createReadyCoverSheet(app, owner, swms.id);
    const coverBoard = await call(owner, 'GET', boardUrl('cover_sheet', cover.id));
    expect(coverBoard.statusCode).toBe(409);
    expect(errorOf(coverBoard).code).toBe('conflict');

    // Withdrawn, the code has no board either.
    expect((await call(owner, 'POST', `/api/signing/documents/swms/${swms.id}/site-sign-on/revoke`)).statusCode).toBe(
      200,
    );
    expect((await call(owner, 'GET', boardUrl('swms', swms.id))).statusCode).toBe(409);
  });
});
