import { errorCodes } from '../errors/errors.ts';

/**
 * What one document of each kind may print: the PDF renderer stops past `pages` or
 * `characters`, and refuses a file past `megabytes` (photos and signatures are bounded copies); each
 * kind's save limits keep every document that can be saved within `characters` and `pages`
 * (a test renders each kind at all its save limits and checks it against these).
 */
export const PRINT_BUDGETS = {
  /** A certificate at its field limits with 20 photos prints on about a dozen pages. */
  certificate: { characters: 60_000, pages: 40, megabytes: 25 },
  /** A SWMS at every limit, with its cover sheet and an empty register: about 300 landscape and portrait pages. */
  swms: { characters: 800_000, pages: 500, megabytes: 25 },
  coverSheet: { characters: 40_000, pages: 40, megabytes: 10 },
  /** A SWMS's site board: one A4 poster of its crew QR code (a long title may take a second page). */
  siteBoard: { characters: 5_000, pages: 2, megabytes: 2 },
  /** The pages after a signed document: its signers and audit trail. */
  signatureCertificate: { characters: 400_000, pages: 200, megabytes: 10 },
} as const;
export type PrintedKind = keyof typeof PRINT_BUDGETS;

export const PRINT_MESSAGES = {
  tooLarge:
    'This document is too large to print: shorten its longest entries or split it into two documents, then download it again.',
  busy: 'The server is busy printing other documents. Try again in a minute.',
  tooManyAtOnce: 'Your other documents are still printing. Wait for them to finish, then try again.',
} as const;

/** What a PDF download can be refused with, besides not found (its rate limit is declared as `rateLimit`). */
export const printErrorCodes = [errorCodes.documentTooLarge, errorCodes.rateLimited] as const;
