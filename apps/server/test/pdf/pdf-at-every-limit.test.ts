import {
  type CoverSheet,
  MATERIAL_LIMITS,
  PRINT_BUDGETS,
  type PrintedKind,
  type Session,
  STATE_DETAIL_LIMITS,
  SWMS_LIMITS,
  type Swms,
} from '@app/contract';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { MAX_REQUEST_BODY_BYTES } from '../../src/platform/http/http-server.ts';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { completedCertificateBody } from '../support/certificates.ts';
import { pdfPageCount, pdfText } from '../support/pdf-tools.ts';
import { readySwmsBody } from '../support/swms.ts';
import { anyScriptFields, withinBytes, worstCaseSwmsBody } from '../support/worst-case-documents.ts';

/*
 * Print what you accept: the largest SWMS, cover sheet and certificate the contract lets anyone
 * save, every text at its limit in random letters of every script the PDF draws (no spaces, no
 * word twice), print within the production render budget (the server's default settings, not a
 * test's). A render past its budget answers 422, so these fail if one grows too slow.
 */

const production = loadConfig({}).pdfRendering;
const { mail, app } = setUpTestApp({ settings: { pdfRendering: production } });

type Method = 'GET' | 'POST' | 'PUT';
const send = (session: Session, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });

/** A new SWMS saved with `changes` to its body. */
async function savedSwms(session: Session, changes: object): Promise<Swms> {
  const created: Swms = (await send(session, 'POST', '/api/swms', {})).json();
  const saved = await send(session, 'PUT', `/api/swms/${created.id}`, {
    revision: created.revision,
    body: { ...created.body, ...changes },
  });
  expect(saved.statusCode).toBe(200);
  return saved.json();
}

/** Downloads a PDF and checks it is one poppler reads, within its kind's page budget; answers its text. */
async function printed(session: Session, url: string, kind: PrintedKind): Promise<string> {
  const response = await send(session, 'GET', url);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  const pdf = response.rawPayload;
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pages = await pdfPageCount(pdf);
  expect(pages).toBeGreaterThan(0);
  expect(pages).toBeLessThanOrEqual(PRINT_BUDGETS[kind].pages);
  return (await pdfText(pdf, 'raw')).replace(/\s+/g, ' ');
}

describe('every document the contract accepts prints within the production render budget', () => {
  it('prints the largest SWMS, in every script', { timeout: 240_000 }, async () => {
    expect(production.timeoutMs).toBe(20_000);
    const session = await registerConfirmedUser(app, mail);
    // As much script text as a request the server reads can carry (the rest in Latin, still unbroken).
    const body = withinBytes(worstCaseSwmsBody('any script'), MAX_REQUEST_BODY_BYTES);
    expect(body.steps).toHaveLength(SWMS_LIMITS.steps);
    const swms = await savedSwms(session, body);
    const text = await printed(session, `/api/swms/${swms.id}/pdf`, 'swms');
    // Drawn to the end: the sections after the steps' table, and the register last.
    expect(text).toContain('Emergency procedures');
    expect(text).toContain('Worker sign-on register');
  });

  it('prints the largest cover sheet, covering as many SWMS as it can', { timeout: 240_000 }, async () => {
    const session = await registerConfirmedUser(app, mail);
    const text = anyScriptFields(10_000);
    const covered = await Promise.all(
      Array.from({ length: SWMS_LIMITS.linkedSwms }, () => savedSwms(session, { title: text(SWMS_LIMITS.shortText) })),
    );
    const cover: CoverSheet = (
      await send(session, 'POST', '/api/cover-sheets', { swms_ids: covered.map((swms) => swms.id) })
    ).json();
    const saved = await send(session, 'PUT', `/api/cover-sheets/${cover.id}`, {
      revision: cover.revision,
      body: {
        ...cover.body,
        business: {
          name: text(SWMS_LIMITS.shortText),
          abn: '51 824 753 556',
          address: text(SWMS_LIMITS.itemText),
          phone: text(50),
          email: text(SWMS_LIMITS.shortText),
        },
        principal_contractor: {
          company: text(SWMS_LIMITS.shortText),
          project_name: text(SWMS_LIMITS.shortText),
          site_address: text(SWMS_LIMITS.itemText),
          project_manager: text(SWMS_LIMITS.shortText),
          date_given: '2026-11-24',
        },
        approved_by: { name: text(SWMS_LIMITS.shortText), position: text(SWMS_LIMITS.shortText), date: '2026-11-24' },
        person_responsible: text(SWMS_LIMITS.shortText),
        other_documents: Array.from({ length: SWMS_LIMITS.listItems }, () => text(SWMS_LIMITS.itemText)),
      },
    });
    expect(saved.statusCode).toBe(200);
    const printedText = await printed(session, `/api/cover-sheets/${cover.id}/pdf`, 'coverSheet');
    expect(printedText).toContain('Approved by');
  });

  it("prints the largest SWMS's site board, in every script", { timeout: 120_000 }, async () => {
    const session = await registerConfirmedUser(app, mail);
    const text = anyScriptFields(20_000);
    const swms = await savedSwms(session, {
      ...readySwmsBody(),
      title: text(SWMS_LIMITS.shortText),
      work_location: text(SWMS_LIMITS.itemText * 2),
    });
    const opened = await send(session, 'POST', `/api/signing/documents/swms/${swms.id}/site-sign-on`, {});
    expect(opened.statusCode).toBe(200);
    const printedText = await printed(session, `/api/signing/documents/swms/${swms.id}/site-board`, 'siteBoard');
    expect(printedText).toContain(opened.json().url);
  });

  it('prints the largest certificate, in every script', { timeout: 120_000 }, async () => {
    const session = await registerConfirmedUser(app, mail);
    const text = anyScriptFields(20_000);
    const created = await send(
      session,
      'POST',
      '/api/certificates',
      completedCertificateBody(session, {
        job_site_address: text(500),
        areas: text(2000),
        materials_used: text(5000),
        additional_info: text(5000),
        standards: Array.from({ length: 20 }, () => text(200)),
        materials: Array.from({ length: MATERIAL_LIMITS.lines }, () => ({
          product: text(MATERIAL_LIMITS.text),
          brand: text(MATERIAL_LIMITS.text),
          type_class: text(MATERIAL_LIMITS.text),
          batch: text(MATERIAL_LIMITS.text),
          coats: MATERIAL_LIMITS.coats,
        })),
        state_details: {
          state: 'NSW',
          lot_and_plan: text(STATE_DETAIL_LIMITS.short),
          local_government_area: text(STATE_DETAIL_LIMITS.short),
          building_class: text(STATE_DETAIL_LIMITS.short),
          aspects_certified: text(STATE_DETAIL_LIMITS.aspects),
        },
      }),
    );
    expect(created.statusCode, created.body.slice(0, 300)).toBe(201);
    const printedText = await printed(session, `/api/certificates/${created.json().id}/pdf`, 'certificate');
    expect(printedText).toContain('Additional information');
  });
});
