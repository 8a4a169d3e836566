import { PRINT_BUDGETS, PRINT_MESSAGES, type Session, type Swms } from '@app/contract';
import { describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { warmUpPdfJob } from '../../src/platform/pdf/warm-up.ts';
import { buildTestApp, setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { completedCertificateBody } from '../support/certificates.ts';
import { pdfWorkerRuns } from '../support/pdf-metrics.ts';
import { pdfPageCount, pdfText } from '../support/pdf-tools.ts';
import { errorOf } from '../support/responses.ts';
import { filled, worstCaseSwmsBody } from '../support/worst-case-documents.ts';

/*
 * ADR 0021: one SWMS at every field limit, in long strings without spaces, once held the event
 * loop for about 50 s. PDFs now render in worker threads within a time, memory and page budget.
 */

const { database, mail, app } = setUpTestApp();

const METRICS_TOKEN = 'pdf-rendering-metrics-token';

const worstCaseSwms = async (target: App, session: Session): Promise<Swms> => {
  const created = await target.inject({ method: 'POST', url: '/api/swms', headers: bearer(session), payload: {} });
  const { id, revision } = created.json() as Swms;
  const saved = await target.inject({
    method: 'PUT',
    url: `/api/swms/${id}`,
    headers: bearer(session),
    payload: { revision, body: worstCaseSwmsBody('unbroken') },
  });
  expect(saved.statusCode).toBe(200);
  return saved.json();
};

/** What pdftotext prints, without the line ends and zero-width breaks the layout added. */
const printedRun = async (pdf: Buffer) => (await pdfText(pdf, 'raw')).replace(/[\s\u200b]+/gu, '');

describe('PDF rendering off the request thread', () => {
  // 90 s: poppler's pdftotext reads a PDF/A file's colours through its sRGB OutputIntent (lcms2), ten
  // times slower on these ~300 pages than on the same file without one (ADR 0051).
  it("prints a free user's SWMS at every limit in full, while /api/health keeps answering", {
    timeout: 90_000,
  }, async () => {
    const session = await registerConfirmedUser(app, mail);
    const swms = await worstCaseSwms(app, session);

    let settled = false;
    const download = app
      .inject({ method: 'GET', url: `/api/swms/${swms.id}/pdf`, headers: bearer(session) })
      .finally(() => {
        settled = true;
      });
    // On the request thread, health answered only while the download awaited its queries (about
    // 20 answers here), then waited for the whole render. In a worker it answers all along (over
    // 15,000 answers here); the bound sits far from both.
    let healthAnswers = 0;
    while (!settled) {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      if (!settled) healthAnswers += 1;
    }
    const response = await download;
    expect(response.statusCode).toBe(200);
    expect(healthAnswers).toBeGreaterThan(200);

    const pdf = response.rawPayload;
    const pages = await pdfPageCount(pdf);
    expect(pages).toBeLessThanOrEqual(PRINT_BUDGETS.swms.pages);
    // Nothing cut off: the end of the last step's longest cell (taller than a page) is printed.
    const lastStep = worstCaseSwmsBody('unbroken').steps.at(-1);
    const lastControl = lastStep?.controls.at(-1)?.text ?? '';
    expect(await printedRun(pdf)).toContain(lastControl.slice(-12));
  });

  it("prints a certificate at every field limit within the certificate's budget", async () => {
    const session = await registerConfirmedUser(app, mail);
    const text = (length: number) => filled(length, true);
    const created = await app.inject({
      method: 'POST',
      url: '/api/certificates',
      headers: bearer(session),
      payload: completedCertificateBody(session, {
        job_site_address: text(500),
        areas: text(2000),
        materials_used: text(5000),
        additional_info: text(5000),
        standards: Array.from({ length: 20 }, (_, index) => filled(200, true, index)),
      }),
    });
    expect(created.statusCode).toBe(201);
    const response = await app.inject({ method: 'GET', url: `/api/certificates/${created.json().id}/pdf` });
    expect(response.statusCode).toBe(200);
    expect(await pdfPageCount(response.rawPayload)).toBeLessThanOrEqual(PRINT_BUDGETS.certificate.pages);
    expect(await printedRun(response.rawPayload)).toContain(text(5000).slice(-12));
  });

  // 120 s: a busy 2-core machine starts the worker from sources (tsx) slowly, twice here.
  it('answers a render past its time budget with a clear 422, remembers it, and the next render works', {
    timeout: 120_000,
  }, async () => {
    // The SWMS gets a budget no worst-case SWMS can meet on any machine; every other kind the usual
    // generous one, so the small certificate after it prints on a busy machine too.
    const strict = await buildTestApp(database.db, {
      mailer: mail.mailer,
      settings: {
        pdfRendering: { threads: 1, timeoutMs: 30_000, timeoutMsByKind: { swms: 200 }, memoryMb: 512, queue: 4 },
        metricsToken: METRICS_TOKEN,
      },
    });
    try {
      const session = await registerConfirmedUser(strict, mail);
      const swms = await worstCaseSwms(strict, session);
      const download = () =>
        strict.inject({ method: 'GET', url: `/api/swms/${swms.id}/pdf`, headers: bearer(session) });
      const tooSlow = await download();
      expect(tooSlow.statusCode).toBe(422);
      expect(errorOf(tooSlow)).toEqual({ code: 'document_too_large', message: PRINT_MESSAGES.tooLarge });
      expect(await pdfWorkerRuns(strict, 'swms', 'too_large', METRICS_TOKEN)).toBe(1);

      // A retry of the same document is refused at once, as it was: no worker renders it again.
      const retry = await download();
      expect(retry.statusCode).toBe(422);
      expect(errorOf(retry)).toEqual({ code: 'document_too_large', message: PRINT_MESSAGES.tooLarge });
      expect(await pdfWorkerRuns(strict, 'swms', 'too_large', METRICS_TOKEN)).toBe(1);

      // The worker that ran out of time was ended; a fresh one (warmed first: its start-up is not a render) prints on.
      await strict.pdfRenderPool.warmUp();
      const created = await strict.inject({
        method: 'POST',
        url: '/api/certificates',
        headers: bearer(session),
        payload: completedCertificateBody(session),
      });
      const small = await strict.inject({ method: 'GET', url: `/api/certificates/${created.json().id}/pdf` });
      expect(small.statusCode).toBe(200);
      expect(small.headers['content-type']).toBe('application/pdf');
      expect(await pdfWorkerRuns(strict, 'certificate', 'ok', METRICS_TOKEN)).toBe(1);
    } finally {
      await strict.close();
    }
  });

  // Two workers started from source (tsx) on a busy machine take their time.
  it('keeps a worker for other owners: one owner holds at most all but one, and waits while others render', {
    timeout: 120_000,
  }, async () => {
    const shared = await buildTestApp(database.db, {
      mailer: mail.mailer,
      settings: { pdfRendering: { threads: 2, timeoutMs: 30_000, memoryMb: 512, queue: 4 } },
    });
    try {
      const pool = shared.pdfRenderPool;
      const render = (owner: string) => pool.render(warmUpPdfJob, null, { owner });
      // One owner's two renders: the first takes a worker, the second waits though the other is free.
      const flood = [render('owner-a'), render('owner-a')];
      expect(pool.usage()).toMatchObject({ running: 1, waiting: 1 });
      // Another owner gets the worker kept free at once.
      const other = render('owner-b');
      expect(pool.usage()).toMatchObject({ running: 2, waiting: 1 });
      const pdfs = await Promise.all([...flood, other]);
      for (const pdf of pdfs) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pool.usage()).toMatchObject({ running: 0, waiting: 0 });
    } finally {
      await shared.close();
    }
  });

  // Two worst-case renders one after another on one niced worker: minutes on a starved machine.
  it('refuses past the queue with 503 and Retry-After rather than queueing without end', {
    timeout: 240_000,
  }, async () => {
    const narrow = await buildTestApp(database.db, {
      mailer: mail.mailer,
      settings: { pdfRendering: { threads: 1, timeoutMs: 30_000, memoryMb: 512, queue: 1 } },
    });
    try {
      // Three owners at once: one renders, one waits, the third finds the queue full.
      const sessions = await Promise.all([1, 2, 3].map(() => registerConfirmedUser(narrow, mail)));
      const documents = await Promise.all(sessions.map((session) => worstCaseSwms(narrow, session)));
      const answers = await Promise.all(
        documents.map((swms, index) =>
          narrow.inject({
            method: 'GET',
            url: `/api/swms/${swms.id}/pdf`,
            headers: bearer(sessions[index] as Session),
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, 200, 503]);
      const refused = answers.find((answer) => answer.statusCode === 503);
      expect(refused?.headers['retry-after']).toBe('30');
      expect(errorOf(refused as NonNullable<typeof refused>).message).toBe(PRINT_MESSAGES.busy);
    } finally {
      await narrow.close();
    }
  });
});
