import { errorCodes, PDF_CHECK_MESSAGES, type PdfCheck } from '@app/contract';
import type { VerifiableKind } from '../../platform/documents/verifiable-kind.ts';
import { AppError } from '../../platform/errors.ts';
import type { PdfSealer } from '../../platform/pdf/seal.ts';

const notIssued: PdfCheck = { result: 'not_issued', document: null };
const altered: PdfCheck = { result: 'altered', document: null };

/**
 * "Verify a PDF" (ADR 0041): our seal, intact, names a version; the record's verdict on that
 * version is the answer, as its QR code's page gives it. A PDF that is not ours, or ours but changed,
 * gets the bare result: nothing of what it claims to be.
 */
export async function checkPdf(
  pdf: Buffer,
  seal: PdfSealer,
  kinds: ReadonlyMap<string, VerifiableKind>,
  /** Who asked: the upload is anonymous, so the client's address takes its turn in the PDF workers. */
  clientIp: string,
): Promise<PdfCheck> {
  if (!pdf.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
    throw new AppError(422, errorCodes.unprocessable, PDF_CHECK_MESSAGES.notPdf);
  }
  const check = await seal.check(pdf, { owner: `ip:${clientIp}` }).catch((error: unknown) => {
    throw inCheckersWords(error);
  });
  if (check.status === 'altered') return altered;
  if (check.status === 'not_sealed') return notIssued;
  const { kind, documentId, version, fingerprint } = check.sealed;
  const document = await kinds.get(kind)?.verify(documentId, version);
  // Deleted since (never signed), or a version the record no longer has: not issued, as its QR page says.
  if (!document || document.verdict.status === 'not_issued') return notIssued;
  // Sealed by us, but not what the record keeps for that version: not the document we issued.
  if (document.fingerprint !== fingerprint) return altered;
  return { result: 'genuine', document };
}

/** The PDF workers refuse in printing's words; a checker is told what happened to the check. */
function inCheckersWords(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  const message = {
    [errorCodes.documentTooLarge]: PDF_CHECK_MESSAGES.tooLong,
    [errorCodes.serviceUnavailable]: PDF_CHECK_MESSAGES.busy,
    [errorCodes.rateLimited]: PDF_CHECK_MESSAGES.tooManyAtOnce,
  }[error.code as string];
  return message ? new AppError(error.statusCode, error.code, message, error.details, error.headers) : error;
}
