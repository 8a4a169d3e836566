import { MAX_SIGNERS_PER_SEND, SITE_SIGN_ON_MAX_LIMIT, type SignerInput } from '@app/contract';

/** A row of the send form; `key` tells rows apart while they are added and removed. */
export type SignerDraft = { key: number; name: string; email: string; role: string; company: string };
export type DraftField = 'name' | 'email' | 'role' | 'company';
/** A row as it is kept on the phone until sent (no key: keys are this page's). */
export type KeptSignerRow = Omit<SignerDraft, 'key'>;

const DRAFT_FIELDS: readonly DraftField[] = ['name', 'email', 'role', 'company'];
/** Longer than any field takes: kept text beyond it is not this form's. */
const KEPT_TEXT_MAX = 400;

let draftKeys = 0;
export const emptySigner = (): SignerDraft => ({ key: ++draftKeys, name: '', email: '', role: '', company: '' });

/** The send form's rows: one to start with, at most MAX_SIGNERS_PER_SEND, never none. */
export const signerDrafts = {
  update: (list: SignerDraft[], index: number, field: DraftField, value: string) =>
    list.map((signer, at) => (at === index ? { ...signer, [field]: value } : signer)),
  add: (list: SignerDraft[]) => (list.length < MAX_SIGNERS_PER_SEND ? [...list, emptySigner()] : list),
  remove: (list: SignerDraft[], index: number) => (list.length > 1 ? list.filter((_, at) => at !== index) : list),
  rows: (list: SignerDraft[]): KeptSignerRow[] => list.map(({ key: _key, ...row }) => row),
  fromRows: (rows: KeptSignerRow[]): SignerDraft[] => rows.map((row) => ({ ...emptySigner(), ...row })),
  /** Rows kept on the phone by an earlier visit, if they still fit the form (lib/use-kept-form.ts). */
  parseKept: (value: unknown): KeptSignerRow[] | undefined => {
    if (!Array.isArray(value) || value.length < 1 || value.length > MAX_SIGNERS_PER_SEND) return undefined;
    const fits = (row: unknown): row is KeptSignerRow =>
      typeof row === 'object' &&
      row !== null &&
      DRAFT_FIELDS.every((field) => {
        const text = (row as Record<string, unknown>)[field];
        return typeof text === 'string' && text.length <= KEPT_TEXT_MAX;
      });
    if (!value.every(fits)) return undefined;
    return value.map(({ name, email, role, company }) => ({ name, email, role, company }));
  },
  /** What is sent: the role and company only when given. The server checks names and addresses. */
  request: (list: SignerDraft[]): SignerInput[] =>
    list.map((signer) => ({
      name: signer.name,
      email: signer.email,
      role: signer.role.trim() || null,
      company: signer.company.trim() || null,
    })),
};

/** How many sign-ons a site QR code takes, from what was typed; or why it cannot be used. */
export function siteSignOnLimitOf(typed: string): { limit: number } | { problem: string } {
  const value = Number(typed);
  if (!Number.isInteger(value) || value < 1 || value > SITE_SIGN_ON_MAX_LIMIT) {
    return { problem: `Enter a whole number from 1 to ${SITE_SIGN_ON_MAX_LIMIT}.` };
  }
  return { limit: value };
}
