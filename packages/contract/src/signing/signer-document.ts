import type { RiskRating } from '../swms/risk.ts';

/**
 * What the signing page shows of the version being signed: the document's content as
 * the server words it (the same words the PDF prints), so the public page only lays it out. Plain
 * types, no zod: the page answer carries it as `z.custom` (ADR 0037's trick), which keeps the
 * public page's script within its budget (ADR 0017, addendum: the document on the signing page).
 */

/** Who sent the document: the business, the person and an address to reply to, where known. */
export type SignerSender = { business_name: string | null; name: string | null; email: string | null };

/** A risk as rated on the version: the rating (for its colour) and the words that say it. */
export type SignerRisk = { rating: RiskRating; text: string };

export type SignerStep = {
  description: string;
  hazards: string;
  /** "Eliminate: …", most effective first as written. */
  controls: string[];
  responsible: string;
  initial_risk: SignerRisk | null;
  residual_risk: SignerRisk | null;
};

export type SignerPhoto = { caption: string; taken: string; url: string; thumbnail_url: string };

/** One section of the document, in the order it is printed; each part present only when it has something. */
export type SignerSection = {
  heading: string;
  fields?: Array<{ label: string; value: string }>;
  items?: string[];
  photos?: SignerPhoto[];
  steps?: SignerStep[];
};

export type SignerDocument = { sender: SignerSender; sections: SignerSection[] };
