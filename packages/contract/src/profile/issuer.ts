import { isValidAbn } from './abn.ts';

/**
 * What an issued document prints about who stands behind it (PRODUCT.md, Issuing needs an issuer;
 * ADR 0065): the business (name, a valid ABN) and the person issuing (name, signature). The licence
 * number prints when there is one, and is not required.
 */
export type IssuerDetails = {
  company_name: string | null;
  company_abn: string | null;
  applicator_name: string | null;
  /** Whether the profile holds a signature image. */
  has_signature: boolean;
};

export const issuerFields = ['company_name', 'company_abn', 'applicator_name', 'signature'] as const;
export type IssuerField = (typeof issuerFields)[number];

/** How each missing detail is named to the user, in the order the profile lists them. */
export const issuerFieldLabels: Readonly<Record<IssuerField, string>> = {
  company_name: 'company name',
  company_abn: 'ABN',
  applicator_name: 'applicator name',
  signature: 'signature',
};

/** The details an issuer still lacks, in profile order; an ABN that fails its checksum counts as missing. */
export function missingIssuerDetails(details: IssuerDetails): IssuerField[] {
  const present: Record<IssuerField, boolean> = {
    company_name: Boolean(details.company_name?.trim()),
    company_abn: details.company_abn !== null && isValidAbn(details.company_abn),
    applicator_name: Boolean(details.applicator_name?.trim()),
    signature: details.has_signature,
  };
  return issuerFields.filter((field) => !present[field]);
}

/** "company name, ABN and signature". */
export function listIssuerFields(fields: readonly IssuerField[]): string {
  const labels = fields.map((field) => issuerFieldLabels[field]);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : (labels[0] ?? '');
}

/** The refusal of an issue while details are missing: it names each one, and that a draft needs none. */
export function issuerIncompleteMessage(fields: readonly IssuerField[]): string {
  return `Add your ${listIssuerFields(fields)} to your profile before issuing this: an issued document names who stands behind it. A draft can be saved without them.`;
}

/**
 * Who issued a document for the business, when the business has more than one member (ADR 0077):
 * the member's name. A one-person business's documents name no one else, so they print as before.
 */
export const issuedByOf = (memberCount: number, memberName: string | null): string | undefined =>
  memberCount > 1 && memberName ? memberName : undefined;

/** "Issued by Kim Lee for Harbour Waterproofing", printed near the member's signature. */
export const issuedByLine = (memberName: string, companyName: string): string =>
  `Issued by ${memberName} for ${companyName}`;
