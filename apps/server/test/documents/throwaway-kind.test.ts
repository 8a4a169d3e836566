import type { KernelHeadTableKind, MissingField } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { membershipOf } from '../../src/platform/accounts/memberships.ts';
import { storedSealIdentity } from '../../src/platform/crypto/seal-identity.ts';
import { DocumentKernel, type KernelKind } from '../../src/platform/documents/document-kernel.ts';
import { KernelPdfs } from '../../src/platform/documents/kernel-pdfs.ts';
import { registerDocumentKind } from '../../src/platform/documents/kind-registry.ts';
import type { AuthenticatedCaller } from '../../src/platform/http/auth-context.ts';
import { PdfSeal } from '../../src/platform/pdf/seal.ts';
import { warmUpPdfJob } from '../../src/platform/pdf/warm-up.ts';
import { createLocalDiskStorage } from '../../src/platform/storage/file-storage.ts';
import { setUpTestApp, testFilesRoot } from '../support/app.ts';
import { registerConfirmedUser } from '../support/auth-helpers.ts';
import { pdfSignatures } from '../support/pdf-tools.ts';

/*
 * A kind the product does not have, declared here and nowhere else (ADR 0070): its declaration,
 * body, rules and hooks plug into the documents kernel, which gives it numbers, versions, issue on
 * print, amendment into the next version (voiding open links), withdrawal once signed, the public
 * verdict and a sealed PDF. Nothing outside this file knows the kind: it registers itself with the
 * database's kinds (ADR 0076), and the kernel writes only the kind it was given.
 */

const { app, mail, query } = setUpTestApp();

type NoteBody = { heading: string; text: string };

// A real kind is declared in the contract's kinds.ts, which also gives it its type; a kind made at
// run time has only its name.
const kind = 'throwaway_note' as KernelHeadTableKind;
beforeAll(() => registerDocumentKind(app.db, kind));

function throwawayKind(pdfs: KernelPdfs): KernelKind<NoteBody, { id: string; number: string }, { id: string }> {
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
      messages: { notFound: 'No such note.', stale: 'The note changed.', versionNotFound: 'No such note version.' },
      ownerPath: (id) => `/notes/${id}`,
    },
    searchFields: ['heading'],
    summary: (header) => ({ id: header.id, number: header.number }),
    present: async (header) => ({ ...header, id: header.id }),
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

function kernel() {
  const seal = new PdfSeal(storedSealIdentity(app.db), () => 'http://app.test', app.pdfRenderPool);
  const pdfs = new KernelPdfs(seal, createLocalDiskStorage(testFilesRoot), app.log);
  return new DocumentKernel(app.db, throwawayKind(pdfs), () => new Date());
}

async function owner(): Promise<AuthenticatedCaller> {
  const session = await registerConfirmedUser(app, mail);
  const membership = await membershipOf(app.db, session.user.id);
  return { userId: session.user.id, ...membership, sessionId: null, isAdmin: false, apiTokenId: undefined };
}

const signVersion = (caller: AuthenticatedCaller, id: string, version: number, signed: boolean) =>
  query(
    `insert into signature_requests (business_id, user_id, document_kind, document_id, document_version, fingerprint_at_send,
       signer_name, expires_at, signed_at, fingerprint_at_sign)
     select business_id, user_id, $2, $3, $4, 'f', 'Kim Signer', now() + interval '14 days', $5, 'f' from memberships where user_id = $1`,
    [caller.userId, kind, id, version, signed ? new Date() : null],
  );

describe('a kind declared in one test file, on the documents kernel', () => {
  it('is numbered, versioned, issued on print, amended into the next version, withdrawn once signed and verified', async () => {
    const notes = kernel();
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
