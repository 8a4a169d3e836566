import {
  type Certificate,
  CUSTOM_TEMPLATES_PER_BUSINESS,
  type CustomTemplate,
  type CustomTemplateRequest,
  type Session,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checklistTemplates } from '../../src/features/checklist-templates/checklist-templates.schema.ts';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { completedCertificateBody, patchCertificate } from '../support/certificates.ts';
import { balconyFallCheck } from '../support/checklist-templates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { pdfText } from '../support/pdf-tools.ts';
import { errorOf } from '../support/responses.ts';

/*
 * Custom checklist templates (Premium; ADR 0038). Built from the same item kinds, kept
 * per user, refused to free users with the premium message, and used on certificates, which keep a
 * copy of the template they were saved with.
 */

const { database, mail, app } = setUpTestApp();

const PREMIUM_MESSAGE =
  'Premium Feature: Custom checklist templates require a premium subscription. Please upgrade to access this feature.';

const balcony: CustomTemplateRequest = {
  name: 'Balcony procedure',
  standard: 'Company procedure',
  summary: 'Our own checks on tiled balconies.',
  uses_ncc_edition: false,
  stages: [
    {
      title: 'Falls',
      items: [
        balconyFallCheck,
        {
          kind: 'yes_no',
          id: 'puddle-free',
          label: 'No ponding after a hose test',
          expected: 'yes',
          otherwise: 'fail',
        },
      ],
    },
    { title: 'Finish', items: [{ kind: 'photo', label: 'Finished balcony', stage: 'finish' }] },
  ],
};

const send = (session: Session | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, ...(session && { headers: bearer(session) }), ...(payload && { payload }) });

async function premiumUser() {
  const session = await registerConfirmedUser(app, mail);
  await grantPremium(database.db, session.user.id);
  return session;
}

async function createTemplate(session: Session, body: CustomTemplateRequest = balcony): Promise<CustomTemplate> {
  const response = await send(session, 'POST', '/api/checklist-templates', body);
  expect(response.statusCode).toBe(201);
  return response.json();
}

const customChecklist = (templateId: string, entries: Record<string, object> = {}) => ({
  template_id: templateId,
  ncc_edition: '2022',
  entries,
});

describe('custom checklist templates', () => {
  it('are created, read, listed, replaced and deleted by their Premium owner, item ids made from labels', async () => {
    const owner = await premiumUser();
    const created = await createTemplate(owner);
    expect(created).toMatchObject({
      name: 'Balcony procedure',
      standard: 'Company procedure',
      uses_ncc_edition: false,
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.stages[0]?.items.map((item) => item.id)).toEqual(['balcony-fall-to-the-outlet', 'puddle-free']);
    expect(created.stages[1]?.items[0]).toEqual({
      kind: 'photo',
      id: 'finished-balcony',
      label: 'Finished balcony',
      stage: 'finish',
    });

    expect((await send(owner, 'GET', `/api/checklist-templates/${created.id}`)).json()).toEqual(created);
    const list = await send(owner, 'GET', '/api/checklist-templates');
    expect(list.json()).toEqual({ templates: [created] });

    const renamed = await send(owner, 'PUT', `/api/checklist-templates/${created.id}`, {
      ...balcony,
      name: 'Balcony (tiled)',
      stages: created.stages,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: created.id, name: 'Balcony (tiled)', stages: created.stages });

    const deleted = await send(owner, 'DELETE', `/api/checklist-templates/${created.id}`);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await send(owner, 'GET', `/api/checklist-templates/${created.id}`)).statusCode).toBe(404);
    expect((await send(owner, 'GET', '/api/checklist-templates')).json()).toEqual({ templates: [] });
  });

  it('are refused to a free user with the premium message; a downgraded user still lists and deletes theirs', async () => {
    const free = await registerConfirmedUser(app, mail);
    const refused = await send(free, 'POST', '/api/checklist-templates', balcony);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({ code: 'premium_required', message: PREMIUM_MESSAGE });
    expect((await send(free, 'GET', '/api/checklist-templates')).json()).toEqual({ templates: [] });

    const downgraded = await premiumUser();
    const kept = await createTemplate(downgraded);
    await grantPremium(database.db, downgraded.user.id, new Date(Date.now() - 1000));
    const update = await send(downgraded, 'PUT', `/api/checklist-templates/${kept.id}`, balcony);
    expect(update.statusCode).toBe(403);
    expect(errorOf(update).message).toBe(PREMIUM_MESSAGE);
    expect((await send(downgraded, 'GET', '/api/checklist-templates')).json()).toEqual({ templates: [kept] });
    // A certificate with a custom checklist is Premium too.
    const certificate = await send(
      downgraded,
      'POST',
      '/api/certificates',
      completedCertificateBody(downgraded, { status: 'draft', checklists: [customChecklist(kept.id)] }),
    );
    expect(certificate.statusCode).toBe(403);
    expect(errorOf(certificate)).toEqual({ code: 'premium_required', message: PREMIUM_MESSAGE });
    expect((await send(downgraded, 'DELETE', `/api/checklist-templates/${kept.id}`)).statusCode).toBe(200);
  });

  it('are their owner’s alone: another user’s template is not found, on its own and on a certificate', async () => {
    const owner = await premiumUser();
    const other = await premiumUser();
    const template = await createTemplate(owner);
    const url = `/api/checklist-templates/${template.id}`;
    for (const [method, payload] of [['GET'], ['PUT', balcony], ['DELETE']] as const) {
      const response = await send(other, method, url, payload);
      expect(response.statusCode, method).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'not_found', message: 'Checklist template not found' });
    }
    expect((await send(other, 'GET', '/api/checklist-templates')).json()).toEqual({ templates: [] });
    expect((await send(other, 'GET', '/api/checklist-templates/not-a-uuid')).statusCode).toBe(404);
    expect((await send(undefined, 'GET', '/api/checklist-templates')).statusCode).toBe(401);

    const borrowed = await send(
      other,
      'POST',
      '/api/certificates',
      completedCertificateBody(other, { status: 'draft', checklists: [customChecklist(template.id)] }),
    );
    expect(borrowed.statusCode).toBe(400);
    expect(errorOf(borrowed).message).toMatch(/template was not found/);
    expect((await send(owner, 'GET', url)).json()).toEqual(template);
  });

  it(`are at most ${CUSTOM_TEMPLATES_PER_BUSINESS} a business, the limit named`, async () => {
    const owner = await premiumUser();
    const first = await createTemplate(owner);
    const [stored] = await database.db.select().from(checklistTemplates).where(eq(checklistTemplates.id, first.id));
    if (!stored) throw new Error('the template was not stored');
    await database.db.insert(checklistTemplates).values(
      Array.from({ length: CUSTOM_TEMPLATES_PER_BUSINESS - 1 }, (_, index) => ({
        businessId: stored.businessId,
        userId: owner.user.id,
        name: `Template ${index}`,
        body: stored.body,
      })),
    );
    const over = await send(owner, 'POST', '/api/checklist-templates', balcony);
    expect(over.statusCode).toBe(409);
    expect(errorOf(over).message).toBe(
      'You can keep up to 50 checklist templates. Delete one you no longer use to add another.',
    );
    await send(owner, 'DELETE', `/api/checklist-templates/${first.id}`);
    expect((await send(owner, 'POST', '/api/checklist-templates', balcony)).statusCode).toBe(201);
  });

  it(`stop at ${CUSTOM_TEMPLATES_PER_BUSINESS} when ${CUSTOM_TEMPLATES_PER_BUSINESS + 10} are created at once`, async () => {
    const owner = await premiumUser();
    const attempts = CUSTOM_TEMPLATES_PER_BUSINESS + 10;
    const responses = await Promise.all(
      Array.from({ length: attempts }, (_, index) =>
        send(owner, 'POST', '/api/checklist-templates', { ...balcony, name: `Burst ${index}` }),
      ),
    );
    const refused = responses.filter((response) => response.statusCode !== 201);
    expect(responses.length - refused.length).toBe(CUSTOM_TEMPLATES_PER_BUSINESS);
    expect(refused).toHaveLength(attempts - CUSTOM_TEMPLATES_PER_BUSINESS);
    for (const response of refused) {
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toEqual({
        code: 'conflict',
        message: 'You can keep up to 50 checklist templates. Delete one you no longer use to add another.',
      });
    }
    const stored = await database.db
      .select()
      .from(checklistTemplates)
      .where(eq(checklistTemplates.userId, owner.user.id));
    expect(stored).toHaveLength(CUSTOM_TEMPLATES_PER_BUSINESS);
  });

  it('refuses a template past its bounds', async () => {
    const owner = await premiumUser();
    const tooMany = {
      ...balcony,
      stages: [{ title: 'All', items: Array.from({ length: 31 }, () => balcony.stages[0]?.items[1]) }],
    };
    const response = await send(owner, 'POST', '/api/checklist-templates', tooMany);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('validation_failed');
  });
});

describe('a certificate with a custom checklist', () => {
  it('keeps a copy of the template, made by the server, which survives the template and prints on the PDF', async () => {
    const owner = await premiumUser();
    const template = await createTemplate(owner);
    const forged = { ...template, name: 'Forged', id: template.id, stages: [] };
    const created = await send(
      owner,
      'POST',
      '/api/certificates',
      completedCertificateBody(owner, {
        checklists: [
          {
            ...customChecklist(template.id, {
              'balcony-fall-to-the-outlet': { value: 120 },
              'puddle-free': { answer: 'yes' },
            }),
            template: forged,
          },
        ],
      }),
    );
    expect(created.statusCode).toBe(201);
    const certificate: Certificate = created.json();
    const copy = certificate.checklists[0]?.template;
    expect(copy).toMatchObject({ id: template.id, name: 'Balcony procedure', standard: 'Company procedure' });
    expect(copy?.stages).toEqual(template.stages);

    const pdf = await send(owner, 'GET', `/api/certificates/${certificate.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Checklist: Balcony procedure (Company procedure)');
    expect(text).toContain('Balcony fall to the outlet: 1:120 WARNING');
    expect(text).toContain('Rule: Between 1:100 and 1:60');

    // A failed item of a custom template stops completion, as a built-in one does.
    const failed = await send(
      owner,
      'POST',
      '/api/certificates',
      completedCertificateBody(owner, {
        checklists: [customChecklist(template.id, { 'puddle-free': { answer: 'no' } })],
      }),
    );
    expect(failed.statusCode).toBe(400);
    expect(errorOf(failed).message).toContain('Balcony procedure: No ponding after a hose test');

    // The template goes; the certificate keeps its copy, on reading and on its next save.
    await send(owner, 'DELETE', `/api/checklist-templates/${template.id}`);
    const read = await send(owner, 'GET', `/api/certificates/${certificate.id}`);
    expect((read.json() as Certificate).checklists[0]?.template).toEqual(copy);
    const resaved = await patchCertificate(app, owner, certificate.id, {
      status: 'draft',
      checklists: [customChecklist(template.id, { 'puddle-free': { answer: 'yes' } })],
    });
    expect(resaved.statusCode).toBe(200);
    expect((resaved.json() as Certificate).checklists[0]?.template).toEqual(copy);

    // A new certificate cannot name the deleted template: it has no copy to keep.
    const gone = await send(
      owner,
      'POST',
      '/api/certificates',
      completedCertificateBody(owner, { status: 'draft', checklists: [customChecklist(template.id)] }),
    );
    expect(gone.statusCode).toBe(400);
  });

  it('takes the template as it is now on every save, and an entry must be one of its items', async () => {
    const owner = await premiumUser();
    const template = await createTemplate(owner);
    const draft = await send(
      owner,
      'POST',
      '/api/certificates',
      completedCertificateBody(owner, { status: 'draft', checklists: [customChecklist(template.id)] }),
    );
    const id = (draft.json() as Certificate).id;
    const unknownItem = await patchCertificate(app, owner, id, {
      checklists: [customChecklist(template.id, { 'shower-fall': { value: 60 } })],
    });
    expect(unknownItem.statusCode).toBe(400);

    await send(owner, 'PUT', `/api/checklist-templates/${template.id}`, { ...balcony, name: 'Balcony, revised' });
    const resaved = await patchCertificate(app, owner, id, { checklists: [customChecklist(template.id)] });
    expect((resaved.json() as Certificate).checklists[0]?.template?.name).toBe('Balcony, revised');
  });
});
