import {
  type ActivityActor,
  type ActivityEntry,
  type ActivityEventType,
  type DocumentKind,
  documentKindDeclarations,
} from '@app/contract';
import { ROLE_LABELS } from './team-abilities.ts';

/**
 * Who did it, as the activity view names them: a member ("Former member" once their account is gone,
 * as lists say), a signer by the name they were sent under, or TradeCert for what it did itself.
 */
const ACTORS: Record<ActivityActor, (entry: ActivityEntry) => string> = {
  member: (entry) => entry.by?.name ?? 'Former member',
  signer: (entry) => entry.signer ?? 'A signer',
  system: () => 'TradeCert',
};

/** The record an entry is about, in a sentence: "certificate WPC-2026-0001", or "a certificate" with no number. */
function recordWords(record: ActivityEntry['record']): string {
  if (!record) return 'a record';
  const name = documentKindDeclarations[record.kind].nameInSentence;
  return record.number ? `${name} ${record.number}` : `a ${name}`;
}

const memberWords = (entry: ActivityEntry) => entry.member?.name ?? 'a former member';
const signerWords = (entry: ActivityEntry) => entry.signer ?? 'a signer';
const roleWords = (role: ActivityEntry['role']) => (role ? ROLE_LABELS[role] : 'a member');

/**
 * What happened, after the name of who did it ("Sam Taylor issued certificate WPC-2026-0001"):
 * one entry per event type of the audit trail, so a new type fails typecheck until it has words
 * (ADR 0090).
 */
const WORDS: Record<ActivityEventType, (entry: ActivityEntry) => string> = {
  'document.issued': (entry) =>
    (entry.record?.version ?? 1) > 1
      ? `issued an amendment (version ${entry.record?.version}) of ${recordWords(entry.record)}`
      : `issued ${recordWords(entry.record)}`,
  'document.deleted': (entry) => `deleted ${recordWords(entry.record)}`,
  'document.withdrawn': (entry) => `withdrew ${recordWords(entry.record)} (it had been signed, so it is kept)`,
  'certificate.submitted_for_review': (entry) => `submitted ${recordWords(entry.record)} for review`,
  'certificate.returned': (entry) => `sent ${recordWords(entry.record)} back with a note`,
  'signing.sent': (entry) => `sent ${recordWords(entry.record)} to ${signerWords(entry)} for signing`,
  'signing.opened': (entry) => `opened the signing link of ${recordWords(entry.record)}`,
  'signing.signed': (entry) => `signed ${recordWords(entry.record)}`,
  'signing.declined': (entry) => `declined to sign ${recordWords(entry.record)}`,
  'signing.reminded': (entry) => `reminded ${signerWords(entry)} to sign ${recordWords(entry.record)}`,
  'signing.expired': (entry) =>
    `found the signing link of ${recordWords(entry.record)} for ${signerWords(entry)} had expired`,
  'signing.revoked': (entry) =>
    `revoked the signing link of ${recordWords(entry.record)} sent to ${signerWords(entry)}`,
  'signing.set_aside': (entry) => `set aside ${signerWords(entry)}'s site sign-on of ${recordWords(entry.record)}`,
  'signing.completed': (entry) => `recorded that everyone has signed ${recordWords(entry.record)}`,
  'member.invited': (entry) => `invited ${entry.email ?? 'someone'} as ${roleWords(entry.role)}`,
  'invitation.revoked': (entry) => `withdrew the invitation to ${entry.email ?? 'someone'}`,
  'member.joined': (entry) => `joined the team as ${roleWords(entry.role)}`,
  'member.removed': (entry) => `removed ${memberWords(entry)} from the team`,
  'member.role_changed': (entry) =>
    `changed ${memberWords(entry)}'s role from ${roleWords(entry.from_role)} to ${roleWords(entry.role)}`,
  // A member's Premium events are an admin's grants and revocations (billing's are the system's).
  'premium.granted': () => 'gave an account Premium, as an admin',
  'premium.revoked': () => "took an account's Premium away, as an admin",
  'billing.subscription_changed': () => 'changed the subscription',
  'billing.checkout_completed': () => 'subscribed to Premium',
  'billing.payment_failed': () => 'had a payment fail',
  'account.email_changed': () => 'changed their email address',
  'account.deleted': () => 'deleted their account',
  'api_token.created': () => 'created an API token',
  'api_token.first_used': () => 'used an API token for the first time',
  'api_token.revoked': () => 'revoked an API token',
  'webhook.enabled': () => 'turned a webhook back on',
  'webhook.secret_rotated': () => "changed a webhook's secret",
};

/** The entry as one sentence: who, then what. */
export const activitySentence = (entry: ActivityEntry) => `${ACTORS[entry.actor](entry)} ${WORDS[entry.type](entry)}`;

const RECORD_PATHS: Record<DocumentKind, (id: string) => string> = {
  certificate: (id) => `/certificates/${id}`,
  swms: (id) => `/swms/${id}`,
  cover_sheet: (id) => `/swms/cover-sheet/edit/${id}`,
};

/** The link to the entry's record: where it opens and what it says; none without a record, or once deleted. */
export function recordLink(entry: Pick<ActivityEntry, 'type' | 'record'>): { to: string; label: string } | null {
  const { record } = entry;
  if (!record || entry.type === 'document.deleted') return null;
  return { to: RECORD_PATHS[record.kind](record.id), label: `Open ${recordWords(record)}` };
}
