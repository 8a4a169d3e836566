import {
  API_PREFIX,
  discardDraftRequestSchema,
  errorCodes,
  errorResponseSchema,
  type KernelHeadTableKind,
  kindEndpoints,
  type MissingField,
  nextCursorSchema,
  pageQuery,
} from '@app/contract';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { membershipOf } from '../../src/platform/accounts/memberships.ts';
import { storedSealIdentity } from '../../src/platform/crypto/seal-identity.ts';
import { DocumentKernel, type KernelKind } from '../../src/platform/documents/document-kernel.ts';
import { kernelKindRoutes } from '../../src/platform/documents/kernel-kind-routes.ts';
import { KernelPdfs } from '../../src/platform/documents/kernel-pdfs.ts';
import { registerDocumentKind } from '../../src/platform/documents/kind-registry.ts';
import type { AuthenticatedCaller } from '../../src/platform/http/auth-context.ts';
import { handleError } from '../../src/platform/http/errors.ts';
import { responseSerializerCompiler } from '../../src/platform/http/response-serializer.ts';
import { PdfSeal } from '../../src/platform/pdf/seal.ts';
import { warmUpPdfJob } from '../../src/platform/pdf/warm-up.ts';
import { createLocalDiskStorage } from '../../src/platform/storage/file-storage.ts';
import { setUpTestApp, testFilesRoot } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { pdfSignatures } from '../support/pdf-tools.ts';
import { issuingFirst } from '../support/signing.ts';

/*
 * A kind the product does not have, declared here and nowhere else (ADR 0070): its declaration,
 * body, rules and hooks plug into the documents kernel, which gives it numbers, versions, issue on
 * print, amendment into the next version (voiding open links), withdrawal once signed, the public
 * verdict and a sealed PDF. Nothing outside this file knows the kind: it registers itself with the
 * database's kinds (ADR 0076), and the kernel writes only the kind it was given. Its HTTP endpoints
 * are declared with the contract's `kindEndpoints` and served by `kernelKindRoutes` (ADR 0092).
 */

const { app, mail, query } = setUpTestApp();

const noteBodySchema = z.object({
  heading: z.string().check(z.maxLength(200)),
  text: z.string().check(z.maxLength(2000)),
});
type NoteBody = z.output<typeof noteBodySchema>;
const noteSchema = z.object({
  id: z.string(),
  number: z.string(),
  revision: z.number(),
  current_version: z.number(),
  issued: z.boolean(),
});
type Note = z.output<typeof noteSchema>;
const noteSummarySchema = z.object({ id: z.string(), number: z.string() });
const noteMessages = {
  notFound: 'No such note.',
  stale: 'The note changed.',
  versionNotFound: 'No such note version.',
};

// Its endpoints, as a real kind's are declared in the contract (swms/endpoints.ts); it borrows the
// cover sheet's permissions, as a kind made at run time has none of its own.
const noteEndpoints = kindEndpoints({
  base: '/api/throwaway-notes',
  notFound: noteMessages.notFound,
  permissions: { read: 'coverSheets.view', write: 'coverSheets.edit' },
  schemas: {
    listQuery: z.object(pageQuery(20)),
    listResponse: z.object({ items: z.array(noteSummarySchema), next_cursor: nextCursorSchema }),
    document: noteSchema,
    create: z.object({ heading: z.optional(noteBodySchema.shape.heading) }),
    save: z.object({
      revision: z.number().check(z.int(), z.minimum(0)),
      body: noteBodySchema,
      new_version: z.optional(z.number().check(z.int(), z.minimum(2))),
    }),
    discardDraft: discardDraftRequestSchema,
  },
  version: {
    response: z.object({ id: z.string(), version: z.number(), current: z.boolean(), body: noteBodySchema }),
    summary: 'One version of a note',
  },
  createErrors: [],
  summaries: {
    list: 'Notes',
    create: 'Create a note',
    get: 'A note',
    save: 'Save a note',
    delete: 'Delete a note',
    pdf: 'A note as a PDF',
  },
  theDocument: 'the note',
});

// A real kind is declared in the contract's kinds.ts, which also gives it its type; a kind made at
// run time has only its name.
const kind = 'throwaway_note' as KernelHeadTableKind;
beforeAll(() => registerDocumentKind(app.db, kind));

/** What the note's issue hook saw, one entry per version it issued; a heading of `refusedHeading` makes it refuse. */
type IssueLog = Array<{ id: string; version: number; by: string }>;
const refusedHeading = 'Not to be issued';

function throwawayKind(pdfs: KernelPdfs, issues: IssueLog): KernelKind<NoteBody, { id: string; number: string }, Note> {
  return {
    rules: {
      kind,
      declaration: {
        name: 'Throwaway note',
        shortName: 'Note',
        nameInSentence: 'note',
        numberPrefix: 'TN',
        signable: true,
        crewSignOn: false,
        kernelHeadTable: true,
      },
      fieldOrder: ['heading', 'text'],
      parse: (stored) => {
        const body = stored as Partial<NoteBody>;
        return { heading: body.heading ?? '', text: body.text ?? '' };
      },
      missing: (body): MissingField[] =>
        body.heading ? [] : [{ path: 'heading', message: 'Give the note a heading.' }],
      messages: noteMessages,
      ownerPath: (id) => `/notes/${id}`,
      // The kernel's issue step calls it in the transaction that marks the version issued (ADR 0094).
      issued: async (_tx, found, printedBy) => {
        if (found.body.heading === refusedHeading) throw new Error('the note refuses to be issued');
        issues.push({ id: found.document.id, version: found.version.version, by: printedBy.userId });
      },
    },
    searchFields: ['heading'],
    summary: (header) => ({ id: header.id, number: header.number }),
    present: async (header) => header,
    title: (body) => body.heading,
    signerSections: async ({ body }) => [{ heading: body.heading, items: [body.text] }],
    // Drawn in the PDF pool by a job the workers know, then sealed by the kernel once issued.
    pdf: async (found) =>
      pdfs.sealedUnlessDraft(
        found,
        await app.pdfRenderPool.render(warmUpPdfJob, undefined, { owner: found.document.businessId }),
      ),
    forgetPdfs: (businessId, documentId) => pdfs.forgetDocument(businessId, documentId),
  };
}

function kernel(issues: IssueLog = []) {
  const seal = new PdfSeal(storedSealIdentity(app.db), () => 'http://app.test', app.pdfRenderPool);
  const pdfs = new KernelPdfs(seal, createLocalDiskStorage(testFilesRoot), app.log);
  return new DocumentKernel(app.db, throwawayKind(pdfs, issues), () => new Date());
}

/**
 * The note's endpoints on a server of their own, since the app refuses to mount an endpoint that
 * is in no operation group of the contract (it would be unpublished). It has the app's real parts:
 * zod validation and the response check, the one error shape, and the app's own authentication,
 * seat check and rate limits.
 */
async function noteServer(notes: ReturnType<typeof kernel>) {
  const server = Fastify();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(responseSerializerCompiler(true));
  server.setErrorHandler(handleError);
  server.decorateRequest('caller', undefined);
  server.decorate('requireAuth', app.requireAuth);
  server.decorate('holdsSeat', app.holdsSeat);
  server.decorate('rateLimiter', app.rateLimiter);
  await server.register(
    kernelKindRoutes(noteEndpoints, {
      kernel: notes,
      create: (caller, input) => notes.create(caller, { heading: input.heading ?? '', text: '' }),
    }),
    { prefix: API_PREFIX },
  );
  return server;
}

/** The error an answer carries (the server of its own mints no request ids: the app's hook does). */
const errorIn = (response: { json: () => unknown }) => errorResponseSchema.parse(response.json()).error;

async function owner(): Promise<AuthenticatedCaller> {
  const session = await registerConfirmedUser(app, mail);
  const membership = await membershipOf(app.db, session.user.id);
  return { userId: session.user.id, ...membership, sessionId: null, isAdmin: false, apiTokenId: undefined };
}

const signVersion = (caller: AuthenticatedCaller, id: string, version: number, signed: boolean) =>
  query(
    `${issuingFirst('$2', '$3', '$4')}
     insert into signature_requests (business_id, user_id, document_kind, document_id, document_version, fingerprint_at_send,
       signer_name, expires_at, signed_at, fingerprint_at_sign)
     select business_id, user_id, $2, $3, $4, 'f', 'Kim Signer', now() + interval '14 days', $5, 'f' from memberships where user_id = $1`,
    [caller.userId, kind, id, version, signed ? new Date() : null],
  );

describe('a kind declared in one test file, on the documents kernel', () => {
  it('is numbered, versioned, issued on print, amended into the next version, withdrawn once signed and verified', async () => {
    const issues: IssueLog = [];
    const notes = kernel(issues);
    const caller = await owner();
    const year = new Date().getFullYear();

    const created = await notes.documents.create(caller, { heading: 'Site access', text: 'Gate code 1234' });
    expect(created.document.number).toMatch(new RegExp(`^TN-${year}-0001$`));
    expect(created.document.kind).toBe(kind);
    const second = await notes.documents.create(caller, { heading: '', text: '' });
    expect(second.document.number).toBe(`TN-${year}-0002`);

    // Not printed, sent or signed: a save rewrites version 1, and it is not issued.
    const saved = await notes.save(caller, created.document.id, {
      revision: created.document.revision,
      body: { heading: 'Site access', text: 'Gate code 4321' },
    });
    expect(saved).toEqual(expect.objectContaining({ id: created.document.id, current_version: 1, issued: false }));
    expect((await notes.verify(created.document.id, 1))?.verdict.status).toBe('not_issued');

    // Printing issues it: the PDF is sealed with the version's record, and the verdict is current.
    const printed = await notes.pdf(caller, created.document.id, undefined);
    expect(printed.filename).toBe(`TN-${year}-0001-v1.pdf`);
    // pdfsig's whole verdict: one seal, over the whole file, valid, and its certificate not expired.
    const report = await pdfSignatures(printed.bytes);
    expect(report).toContain('Signature #1');
    expect(report).not.toContain('Signature #2');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Certificate Validation:');
    expect(report).not.toContain('Expired');
    // Its issue hook ran once, for this print; a reprint issues nothing again.
    expect(issues).toEqual([{ id: created.document.id, version: 1, by: caller.userId }]);
    await notes.pdf(caller, created.document.id, 1);
    expect(issues).toHaveLength(1);
    const v1 = await notes.verify(created.document.id, 1);
    expect(v1).toEqual(expect.objectContaining({ kind, number: `TN-${year}-0001`, version: 1, signature_count: 0 }));
    expect(v1?.verdict.status).toBe('current');

    // An open link to version 1; an edit of the issued version asks first, then makes version 2
    // and voids the link.
    await signVersion(caller, created.document.id, 1, false);
    const edit = { heading: 'Site access', text: 'Gate code 9999' };
    const current = await notes.documents.owned(caller.businessId, created.document.id);
    await expect(
      notes.save(caller, created.document.id, { revision: current.document.revision, body: edit }),
    ).rejects.toMatchObject({ statusCode: 409, code: 'new_version_unconfirmed' });
    const amended = await notes.save(caller, created.document.id, {
      revision: current.document.revision,
      body: edit,
      new_version: 2,
    });
    expect(amended).toEqual(expect.objectContaining({ current_version: 2, issued: false }));
    const { rows: links } = await query(
      `select revoked_reason from signature_requests where document_kind = $1 and document_id = $2`,
      [kind, created.document.id],
    );
    expect(links).toEqual([{ revoked_reason: 'new_version' }]);
    const older = await notes.version(caller, created.document.id, 1);
    expect(older.body.text).toBe('Gate code 4321');

    // Printed and signed, version 2 is the record: deleting the note withdraws it instead.
    await notes.pdf(caller, created.document.id, 2);
    expect(issues.map((issue) => issue.version)).toEqual([1, 2]);
    expect((await notes.verify(created.document.id, 1))?.verdict.status).toBe('superseded');
    await signVersion(caller, created.document.id, 2, true);
    await notes.delete(caller, created.document.id);
    const withdrawn = await notes.verify(created.document.id, 2);
    expect(withdrawn?.verdict.status).toBe('withdrawn');
    expect(withdrawn?.signatures.map((signature) => signature.signer_name)).toEqual(['Kim Signer']);
    await expect(notes.get(caller, created.document.id)).rejects.toMatchObject({ statusCode: 404 });

    // Nobody signed the second note: it is deleted, and its versions are gone from the record.
    await notes.delete(caller, second.document.id);
    expect(await notes.verify(second.document.id, 1)).toBeNull();
  });

  it('is issued only when its issue hook agrees: a hook that refuses leaves the version unissued', async () => {
    const issues: IssueLog = [];
    const notes = kernel(issues);
    const caller = await owner();
    const note = await notes.documents.create(caller, { heading: refusedHeading, text: 'Draft terms' });

    await expect(notes.pdf(caller, note.document.id, undefined)).rejects.toThrow('the note refuses to be issued');
    const { rows } = await query('select issued_at, issuer from document_versions where document_id = $1', [
      note.document.id,
    ]);
    expect(rows).toEqual([{ issued_at: null, issuer: null }]);
    expect(issues).toEqual([]);
    expect(await notes.get(caller, note.document.id)).toEqual(expect.objectContaining({ issued: false }));
    expect((await notes.verify(note.document.id, 1))?.verdict.status).toBe('not_issued');
    // Still a draft in every way: a save rewrites version 1.
    const saved = await notes.save(caller, note.document.id, {
      revision: note.document.revision,
      body: { heading: 'Site rules', text: 'Draft terms' },
    });
    expect(saved).toEqual(expect.objectContaining({ current_version: 1, issued: false }));
    await notes.pdf(caller, note.document.id, undefined);
    expect(issues).toEqual([{ id: note.document.id, version: 1, by: caller.userId }]);
  });

  it('keeps owners to their own notes', async () => {
    const notes = kernel();
    const [alice, bob] = [await owner(), await owner()];
    const note = await notes.documents.create(alice, { heading: 'Alice only', text: '' });
    await expect(notes.get(bob, note.document.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(notes.pdf(bob, note.document.id, undefined)).rejects.toMatchObject({ statusCode: 404 });
    expect((await notes.list(bob, { limit: 10 })).items).toEqual([]);
    expect((await notes.list(alice, { limit: 10 })).items.map((item) => item.id)).toEqual([note.document.id]);
  });
});

describe('a kind declared in one test file, over the endpoints the route factory gives every kernel kind', () => {
  const servers: Awaited<ReturnType<typeof noteServer>>[] = [];
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  it('lists, creates, reads, saves, prints, amends, discards the draft, reads a version and deletes, for its owner only', async () => {
    const server = await noteServer(kernel());
    servers.push(server);
    const [alice, bob] = [await registerConfirmedUser(app, mail), await registerConfirmedUser(app, mail)];
    const call = (
      session: typeof alice | undefined,
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: object,
    ) =>
      server.inject({
        method,
        url: `/api/throwaway-notes${url}`,
        headers: session ? bearer(session) : {},
        ...(payload && { payload }),
      });

    expect((await call(undefined, 'GET', '')).statusCode).toBe(401);
    const created = await call(alice, 'POST', '', { heading: 'Site access' });
    expect(created.statusCode).toBe(201);
    const note = noteSchema.parse(created.json());
    expect(note).toEqual(expect.objectContaining({ current_version: 1, issued: false }));
    expect(note.number).toMatch(/^TN-\d{4}-0001$/);
    const { id } = note;

    expect((await call(alice, 'GET', '')).json()).toEqual({ items: [{ id, number: note.number }], next_cursor: null });
    expect((await call(bob, 'GET', '')).json()).toEqual({ items: [], next_cursor: null });
    expect((await call(alice, 'GET', `/${id}`)).json()).toEqual(note);
    // Another business's note, and an id that names nothing, are the note's 404.
    for (const [session, path] of [
      [bob, `/${id}`],
      [alice, '/not-a-uuid'],
    ] as const) {
      const missing = await call(session, 'GET', path);
      expect(missing.statusCode).toBe(404);
      expect(errorIn(missing)).toMatchObject({ code: errorCodes.notFound, message: noteMessages.notFound });
    }

    const malformed = await call(alice, 'PUT', `/${id}`, { body: { heading: 'x'.repeat(201), text: '' } });
    expect(malformed.statusCode).toBe(400);
    expect(errorIn(malformed).code).toBe(errorCodes.validationFailed);
    const body = { heading: 'Site access', text: 'Gate code 4321' };
    const saved = await call(alice, 'PUT', `/${id}`, { revision: note.revision, body });
    expect(saved.statusCode).toBe(200);

    // Printing issues version 1; an edit then asks before it starts version 2.
    const printed = await call(alice, 'GET', `/${id}/pdf`);
    expect(printed.statusCode).toBe(200);
    expect(printed.headers['content-type']).toBe('application/pdf');
    expect(printed.headers['content-disposition']).toBe(`attachment; filename="${note.number}-v1.pdf"`);
    expect((await call(bob, 'GET', `/${id}/pdf`)).statusCode).toBe(404);
    const issued = noteSchema.parse((await call(alice, 'GET', `/${id}`)).json());
    expect(issued.issued).toBe(true);
    const edit = { heading: 'Site access', text: 'Gate code 9999' };
    const unconfirmed = await call(alice, 'PUT', `/${id}`, { revision: issued.revision, body: edit });
    expect(unconfirmed.statusCode).toBe(409);
    expect(errorIn(unconfirmed).code).toBe(errorCodes.newVersionUnconfirmed);
    const amended = noteSchema.parse(
      (await call(alice, 'PUT', `/${id}`, { revision: issued.revision, body: edit, new_version: 2 })).json(),
    );
    expect(amended.current_version).toBe(2);

    // Discarding the draft goes back to version 1, as it was printed.
    const discarded = await call(alice, 'POST', `/${id}/discard-draft`, { revision: amended.revision });
    expect(discarded.statusCode).toBe(200);
    expect(noteSchema.parse(discarded.json()).current_version).toBe(1);
    const version = await call(alice, 'GET', `/${id}/versions/1`);
    expect(version.json()).toEqual({ id, version: 1, current: true, body });
    expect((await call(bob, 'GET', `/${id}/versions/1`)).statusCode).toBe(404);

    expect((await call(bob, 'DELETE', `/${id}`)).statusCode).toBe(404);
    const deleted = await call(alice, 'DELETE', `/${id}`);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await call(alice, 'GET', `/${id}`)).statusCode).toBe(404);
  });
});
