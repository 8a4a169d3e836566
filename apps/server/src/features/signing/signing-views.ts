import {
  documentKindDeclarations,
  errorCodes,
  formatAbn,
  isValidAbn,
  type SignableDocumentKind,
  type SignableDocumentView,
  type SignerStatus,
  type SignerView,
  type SignPageState,
  signableDocumentKinds,
  signingMessages,
  signingOwnerMessages,
} from '@app/contract';
import type { SignableDocument } from '../../platform/documents/signable-source.ts';
import { AppError } from '../../platform/errors.ts';
import type { SignatureRequestRow } from './signing.repo.ts';

/** What signing answers when a request cannot go on (the signer's words come from the contract). */
export const signingErrors = {
  notFound: () => new AppError(404, errorCodes.notFound, signingOwnerMessages.documentNotFound),
  requestNotFound: () => new AppError(404, errorCodes.notFound, signingOwnerMessages.requestNotFound),
  badToken: () => new AppError(404, errorCodes.notFound, signingMessages.notFound),
  linkClosed: () => new AppError(409, errorCodes.conflict, signingMessages.linkClosed),
  documentChanged: () => new AppError(409, errorCodes.conflict, signingMessages.documentChanged),
  siteSignOnFull: () => new AppError(409, errorCodes.conflict, signingMessages.siteSignOnFull),
  noCrewQrCode: () => new AppError(409, errorCodes.conflict, signingOwnerMessages.noCrewQrCode),
  siteDocumentChanged: () => new AppError(409, errorCodes.conflict, signingMessages.siteDocumentChanged),
  noCrewSignOn: () =>
    new AppError(409, errorCodes.conflict, 'Site sign-on is only for documents workers sign at the site.'),
  validation: (path: string, message: string) =>
    new AppError(400, errorCodes.validationFailed, message, [{ path, message }]),
};

/** Status from the timestamps (ADR 0015/0017): the first that applies of this order. */
export function signerStatusOf(row: SignatureRequestRow, now: Date): SignerStatus {
  if (row.signedAt) return 'signed';
  if (row.declinedAt) return 'declined';
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt <= now) return 'expired';
  if (row.openedAt) return 'opened';
  return 'pending';
}

/** A timestamp for the API, or null. */
export const iso = (date: Date | null) => date?.toISOString() ?? null;

/** One signer's request as the owner's panel shows it. */
export function signerView(row: SignatureRequestRow, now: Date): SignerView {
  return {
    id: row.id,
    name: row.signerName,
    email: row.signerEmail,
    role: row.signerRole,
    company: row.signerCompany,
    document_version: row.documentVersion,
    status: signerStatusOf(row, now),
    on_site: row.siteLinkId !== null,
    sent_at: iso(row.lastSentAt),
    opened_at: iso(row.openedAt),
    signed_at: iso(row.signedAt),
    signature_method: row.signedAt ? row.signatureMethod : null,
    declined_at: iso(row.declinedAt),
    decline_reason: row.declineReason,
    revoked_at: iso(row.revokedAt),
    revoked_reason: row.revokedReason,
    expires_at: row.expiresAt.toISOString(),
    set_aside_at: iso(row.setAsideAt),
  };
}

/** A signature that stands: given and not set aside (the rule of platform/documents/signatures.ts). */
export const stands = (row: SignatureRequestRow) => row.signedAt !== null && row.setAsideAt === null;

/** The version a request is for, as the signer and the owner see it. */
export const documentView = (document: SignableDocument): SignableDocumentView => ({
  kind: document.kind,
  id: document.id,
  number: document.number,
  title: document.title,
  version: document.version,
  fingerprint: document.fingerprint,
});

export const refOf = (row: { documentKind: SignableDocumentKind; documentId: string; documentVersion: number }) => ({
  kind: row.documentKind,
  documentId: row.documentId,
  version: row.documentVersion,
});

/** What a document is called when it can no longer be read (deleted since it was sent). */
export const documentKindNames = Object.fromEntries(
  signableDocumentKinds.map((kind) => [kind, documentKindDeclarations[kind].name]),
) as Record<SignableDocumentKind, string>;

/**
 * Who a signing mail says it is from: a business name only beside a valid ABN, which a
 * builder can look up on the ABN register; else the account's confirmed address. No network lookup
 * of the register is made here (ADR 0023).
 */
export const senderIdentity = (sender: { companyName: string | null; companyAbn: string | null; email: string }) =>
  sender.companyName && sender.companyAbn && isValidAbn(sender.companyAbn)
    ? `${sender.companyName} (ABN ${formatAbn(sender.companyAbn)})`
    : sender.email;

export const labelOf = (document: SignableDocument) =>
  document.number ? `${document.title} ${document.number}` : document.title;

/** What a named signer's link shows now. */
export function requestState(row: SignatureRequestRow, document: SignableDocument, now: Date): SignPageState {
  const status = signerStatusOf(row, now);
  if (status === 'signed' || status === 'declined' || status === 'expired') return status;
  if (status === 'revoked') return row.revokedReason === 'new_version' ? 'new_version' : 'revoked';
  return document.fingerprint === row.fingerprintAtSend ? 'open' : 'document_changed';
}

export function outcomeOf(row: SignatureRequestRow): string {
  if (row.setAsideAt) return 'signed on site, then set aside by the owner (not on the register)';
  if (row.signedAt) return row.siteLinkId ? 'signed on site' : 'signed';
  if (row.declinedAt) return 'declined';
  if (row.revokedAt) return row.revokedReason === 'new_version' ? 'voided by a new version' : 'revoked';
  return 'not signed';
}
