import { z } from 'zod/mini';
import { errorCodes, uploadErrorCodes } from '../errors/errors.ts';
import { defineEndpoint, fileResponse, multipartUpload } from '../http/endpoint.ts';
import { documentVerificationSchema } from './verification.ts';

/**
 * "Verify a PDF" (ADR 0041): anyone drops a PDF and learns whether we issued it, unchanged. The
 * largest PDF we issue is a SWMS with its signature certificate (PRINT_BUDGETS): 35 MB.
 */
export const PDF_CHECK_MAX_MEGABYTES = 35;

/**
 * genuine: our seal, intact, over a version the record knows (its verdict says current, superseded
 * or withdrawn); altered: our seal, but the bytes changed since; not_issued: no seal of ours.
 */
export const pdfCheckResults = ['genuine', 'altered', 'not_issued'] as const;
export type PdfCheckResult = (typeof pdfCheckResults)[number];

/** The verdict, and for a genuine PDF what its QR code's page shows: never more. */
export const pdfCheckSchema = z.object({
  result: z.enum(pdfCheckResults),
  document: z.nullable(documentVerificationSchema),
});
export type PdfCheck = z.output<typeof pdfCheckSchema>;

/** Each result in words, first on the page (PRODUCT.md, Verify a PDF). */
export const pdfCheckHeadlines: Record<PdfCheckResult, string> = {
  genuine: 'Genuine',
  altered: 'Altered',
  not_issued: 'Not issued by TradeCert',
};

export const PDF_CHECK_MESSAGES = {
  altered: 'This PDF carries our seal, but it was changed after TradeCert issued it. Ask the issuer for a fresh copy.',
  notIssued:
    'This PDF has no TradeCert seal: it was not issued by TradeCert, or it is a draft, a scan or a copy saved again by another program.',
  notMultipart: 'Send the PDF as a file upload (multipart/form-data).',
  noFile: 'Choose a PDF to check.',
  tooLarge: `This file is larger than ${PDF_CHECK_MAX_MEGABYTES} MB: it is not a PDF TradeCert issued.`,
  notPdf: 'This file is not a PDF. Choose the PDF you were given.',
  // The check runs in the PDF workers, under their budgets (ADR 0062): said in a checker's words.
  tooLong: 'This PDF could not be checked in time. Scan the QR code on its first page to check it instead.',
  busy: 'The server is busy checking other PDFs. Try again in a minute.',
  tooManyAtOnce: 'Your other PDFs are still being checked. Wait for them to finish, then try again.',
} as const;

/** POST /api/verify/pdf: one PDF (multipart, field `file`), checked against its seal and the record. */
export const pdfCheckEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/verify/pdf',
  auth: 'none',
  summary: 'Check a PDF: sealed by TradeCert and unchanged, and what the record says of its version (no content)',
  rateLimit: 'verifyPdf',
  body: multipartUpload,
  responses: { 200: pdfCheckSchema },
  errors: [...uploadErrorCodes, errorCodes.documentTooLarge, errorCodes.rateLimited],
});

/** What the seal's root is saved as: DER, which Windows, macOS and Acrobat import as they are. */
export const SEAL_ROOT_FILENAME = 'tradecert-seal-root.cer';

/** The answer when the server seals with an operator's certificate whose chain holds no self-signed root. */
export const SEAL_ROOT_NOT_SERVED_MESSAGE =
  "This server seals its PDFs with a certificate authority's certificate: trust that authority, not a root from here.";

/**
 * GET /api/verify/seal-root: the self-signed root of this installation's seal, for a reader to trust
 * (ADR 0061). It signs nothing but the seal.
 */
export const sealRootEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/verify/seal-root',
  auth: 'none',
  summary: "Download the root certificate of this server's PDF seal (DER), to trust the seal in a PDF reader",
  rateLimit: 'verify',
  responses: { 200: fileResponse('application/pkix-cert') },
  errors: [errorCodes.notFound],
});
