import type { Queryable } from '../../db/client.ts';
import { businessOf } from '../../platform/accounts/business.ts';
import type { SignableDocument, SignableDocumentSource } from '../../platform/documents/signable-source.ts';
import type { VerifiableKind } from '../../platform/documents/verifiable-kind.ts';
import type { StoredFiles } from '../../platform/storage/stored-files.ts';
import type { CertificateContent } from './certificate-content.ts';
import type { CertificatePdfService } from './certificate-pdf.service.ts';
import type { CertificateReads } from './certificate-reads.ts';
import { certificateSignerView } from './certificate-signer-view.ts';
import { type IssuedVersion, issuedVersion } from './certificate-versions.ts';
import { type CertificateRow, certificatesRepo } from './certificates.repo.ts';

const signable = (head: CertificateRow, issued: IssuedVersion): SignableDocument => ({
  kind: 'certificate',
  id: head.id,
  businessId: head.businessId,
  number: issued.content.certificate_number ?? '',
  title: 'Certificate of compliance',
  version: issued.content.version,
  fingerprint: issued.fingerprint,
});

/**
 * Issued certificate versions, for signing by link (ADR 0017): a request names a version, and its
 * signed PDF always prints that version's content, whatever came after. No sign-on register.
 */
export function certificateSigningSource(
  pdfs: CertificatePdfService,
  storedFiles: Pick<StoredFiles, 'signedUrl'>,
): SignableDocumentSource {
  return {
    kind: 'certificate',
    crewSignOn: false,
    ownerPath: (documentId) => `/certificates/${documentId}`,
    async currentForOwner(db, businessId, documentId) {
      const head = await certificatesRepo.findOwned(db, businessId, documentId);
      const issued = head && (await issuedVersion(db, head, head.version));
      return head && issued ? signable(head, issued) : null;
    },
    async version(db, documentId, version) {
      const head = await certificatesRepo.find(db, documentId);
      const issued = head && (await issuedVersion(db, head, version));
      return head && issued ? signable(head, issued) : null;
    },
    async lockedVersion(tx, documentId, version) {
      // The lock update and delete take first (certificate-issuing.ts).
      const head = await certificatesRepo.find(tx, documentId, { lock: true });
      const issued = head && (await issuedVersion(tx, head, version));
      if (!head || !issued) return null;
      const current = head.version === version && head.status === 'completed' && head.withdrawnAt === null;
      return { ...signable(head, issued), current };
    },
    async signerView(db, document) {
      const head = await certificatesRepo.find(db, document.id);
      const issued = head && (await issuedVersion(db, head, document.version));
      if (!issued || issued.fingerprint !== document.fingerprint) return null;
      return certificateSignerView(issued.content, await businessOf(db, document.businessId), storedFiles);
    },
    async pdf(db, document) {
      return pdfs.pdfFor(issuedFor(document), await issuedContent(db, document));
    },
    async signedPdf(db, document, _register, certificate) {
      return pdfs.signedPdfFor(issuedFor(document), await issuedContent(db, document), certificate);
    },
  };
}

/** An issued version prints the issuer block frozen on it: no maker is needed to print it. */
const issuedFor = (document: SignableDocument) => ({ businessId: document.businessId, userId: null });

/** The content of the version signing names. */
async function issuedContent(db: Queryable, document: SignableDocument): Promise<CertificateContent> {
  const head = await certificatesRepo.find(db, document.id);
  const issued = head && (await issuedVersion(db, head, document.version));
  if (!issued) throw new Error(`certificate ${document.id} version ${document.version} is gone`);
  return issued.content;
}

/** Certificates, for the public verification page. */
export const certificateVerifiableKind = (certificates: Pick<CertificateReads, 'verify'>): VerifiableKind => ({
  kind: 'certificate',
  verify: (id, version) => certificates.verify(id, version),
});
