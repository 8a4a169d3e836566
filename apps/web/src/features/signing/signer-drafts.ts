import { MAX_SIGNERS_PER_SEND, SITE_SIGN_ON_MAX_LIMIT, type SignerInput } from '@app/contract';

/** A row of the send form; `key` tells rows apart while they are added and removed. */
export type SignerDraft = { key: number; name: string; email: string; role: string; company: string };
export type DraftField = 'name' | 'email' | 'role' | 'company';

let draftKeys = 0;
export const emptySigner = (): SignerDraft => ({ key: ++draftKeys, name: '', email: '', role: '', company: '' });

/** The send form's rows: one to start with, at most MAX_SIGNERS_PER_SEND, never none. */
export const signerDrafts = {
  update: (list: SignerDraft[], index: number, field: DraftField, value: string) =>
    list.map((signer, at) => (at === index ? { ...signer, [field]: value } : signer)),
  add: (list: SignerDraft[]) => (list.length < MAX_SIGNERS_PER_SEND ? [...list, emptySigner()] : list),
  remove: (list: SignerDraft[], index: number) => (list.length > 1 ? list.filter((_, at) => at !== index) : list),
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
