import type { DocumentKind, SignerDocument } from '@app/contract';
import type { Queryable } from '../../db/client.ts';
import type { RecordOwner } from '../accounts/memberships.ts';
import type { SignatureCertificate } from '../pdf/signature-certificate.ts';

/** One version of a document as signing shows, fingerprints and files it. */
export type SignableDocument = {
  kind: DocumentKind;
  id: string;
  /** The document's business (ADR 0077). */
  businessId: string;
  /** e.g. "WPC-2026-0001". */
  number: string;
  title: string;
  version: number;
  /** SHA-256 of the version's content (platform/documents/fingerprint.ts). */
  fingerprint: string;
};

/** A version as it stands now: `current` when it is still the one edits go to and not withdrawn. */
export type SignableVersion = SignableDocument & { current: boolean };

/** A signature given on a version, for a document whose PDF lists them (a SWMS's sign-on register). */
export type RegisterEntry = {
  name: string;
  company: string | null;
  role: string | null;
  signedAt: Date;
  signature: Buffer | null;
};

/**
 * What the signing feature needs from a document kind (ADR 0017). Each kind that can be signed
 * implements it in its own feature; app.ts hands the list to signing, so signing never imports a
 * document feature.
 */
export interface SignableDocumentSource {
  readonly kind: DocumentKind;
  /** Workers may sign on at the site through a QR code (a SWMS's sign-on register). */
  readonly crewSignOn: boolean;
  /**
   * The site board of a kind with crew sign-on: an A4 poster of `crewUrl` (its QR code and the link
   * as text) with the document's title and site, for the site's wall.
   */
  siteBoardPdf?(document: SignableDocument, crewUrl: string): Promise<Buffer>;
  /** Where the owner's page of a document is, e.g. `/certificates/{id}` (linked from signing mails). */
  ownerPath(documentId: string): string;
  /**
   * The business's document as it is now, if it exists, is the business's, and can be sent (e.g. a
   * completed certificate); null otherwise.
   */
  currentForOwner(db: Queryable, businessId: string, documentId: string): Promise<SignableDocument | null>;
  /** `version` of a document as it is stored now (for a token holder, who has no account); null if gone. */
  version(db: Queryable, documentId: string, version: number): Promise<SignableDocument | null>;
  /**
   * `version` as it stands inside `tx`, under the row lock every save of the document takes, so a
   * signature recorded in `tx` lands on exactly this content. `current`: still the
   * document's current version. Null if gone.
   */
  lockedVersion(tx: Queryable, documentId: string, version: number): Promise<SignableVersion | null>;
  /**
   * What the signing page shows of `document`: its content as the PDF words it, read
   * again and answered only while its fingerprint is still `document.fingerprint`, so the page
   * never shows content other than the version being signed; null otherwise.
   */
  signerView(db: Queryable, document: SignableDocument): Promise<SignerDocument | null>;
  /**
   * Called in the transaction that sends `document` for signing, opens its site sign-on, records a
   * crew sign-on or sends a copy, `by` the member behind the act: the kind's issue step, which
   * fixes what the version prints from then on (ADR 0088) and, the first time, tells the audit
   * trail and integrators (ADR 0099). A certificate's was issued at completion.
   */
  issued?(tx: Queryable, document: SignableDocument, by: RecordOwner): Promise<void>;
  /** The version's PDF as it is filed, with `register` filled in where the kind prints one. */
  pdf(db: Queryable, document: SignableDocument, register: RegisterEntry[]): Promise<Buffer>;
  /**
   * The signed PDF of the version (ADR 0068): its PDF with `register` filled in and `certificate`
   * drawn after its last page, in one render (pages numbered through, each font and image once).
   * Not sealed: signing seals the whole.
   */
  signedPdf(
    db: Queryable,
    document: SignableDocument,
    register: RegisterEntry[],
    certificate: SignatureCertificate,
  ): Promise<Buffer>;
}
