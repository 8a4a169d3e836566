import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { webhookSecret } from '../../apps/server/src/features/api-access/webhook-sender.ts';
import { mailPerEmailRule } from '../../apps/server/src/features/auth/auth-mail.ts';
import { deleteBusinessLeftEmpty, membershipOf } from '../../apps/server/src/platform/accounts/memberships.ts';
import { storedSecret } from '../../apps/server/src/platform/crypto/secrets.ts';
import { entitlements } from '../../apps/server/src/platform/entitlements/entitlements.ts';
import {
  limitSubject,
  RATE_LIMIT_KEY_SECRET,
  rateLimitKey,
} from '../../apps/server/src/platform/rate-limit/rate-limiter.ts';
import { createConfirmedAccount, fillSignInForm, GOOD_PASSWORD, uniqueEmail } from './accounts.ts';

/** A confirmed, onboarded account, with an API session of its own for arranging data quickly. */
export type Member = { email: string; userId: string; accessToken: string };

/** Calls the API as `member`; throws with the server's answer unless it is a 2xx. */
export async function memberApi<T>(member: Member, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${inject('baseUrl')}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${member.accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** What a business that issues documents has on its profile (ADR 0065), with a signature uploaded too. */
const ISSUER_PROFILE = {
  company_name: 'Dry Right Waterproofing',
  company_abn: '51 824 753 556',
  applicator_name: 'Sam Citizen',
};

/**
 * Makes an account ready to use the app: confirmed, onboarding done (so sign-in does not detour
 * through /onboarding), naming its issuer (company, ABN, applicator and signature, unless `issuer`
 * is false) with any profile fields given over it, and premium through the subscriber record when
 * asked (the way a billing webhook would leave it).
 */
export async function createMember(
  label: string,
  options: { premium?: boolean; profile?: Record<string, unknown>; email?: string; issuer?: boolean } = {},
): Promise<Member> {
  const email = options.email ?? uniqueEmail(label);
  await createConfirmedAccount(email);
  const member = await signInByApi(email);
  const issuer = options.issuer ?? true;
  await memberApi(member, 'PATCH', '/api/profile', {
    ...(issuer && ISSUER_PROFILE),
    ...options.profile,
    onboarding_completed: true,
  });
  if (issuer) await uploadSignature(member);
  if (options.premium) {
    // Premium is the member's business's (ADR 0077).
    await withDatabase(async (db) =>
      entitlements.setSubscription(db, (await membershipOf(db, member.userId)).businessId, {
        subscribed: true,
        tier: 'premium',
        end: new Date(Date.now() + 365 * 24 * 60 * 60 * 1000),
        provider: 'test',
      }),
    );
  }
  return member;
}

/**
 * A second person in `owner`'s business as `role`, by SQL, as the server tests' addMember does: a
 * ready account whose own business is dropped and whose membership (and signature file) moves into
 * the owner's. Answers them with a fresh API session, whose access token carries the business and role.
 */
export async function addMemberTo(owner: Member, role: 'office' | 'field', label: string): Promise<Member> {
  const joiner = await createMember(label);
  await withDatabase(async (db) => {
    const { businessId } = await membershipOf(db, owner.userId);
    // One after another, not in a transaction: a test's setup, with nothing else touching these rows.
    await db.$client.query(
      'update files set business_id = $1 where id = (select signature_file_id from profiles where id = $2)',
      [businessId, joiner.userId],
    );
    await deleteBusinessLeftEmpty(db, joiner.userId);
    await db.$client.query('insert into memberships (business_id, user_id, role) values ($1, $2, $3)', [
      businessId,
      joiner.userId,
      role,
    ]);
  });
  return signInByApi(joiner.email);
}

/** A fresh API session for `email`: its access token carries the business and role it has now. */
async function signInByApi(email: string): Promise<Member> {
  const response = await fetch(`${inject('baseUrl')}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: GOOD_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  const session = (await response.json()) as { access_token: string; user: { id: string } };
  return { email, userId: session.user.id, accessToken: session.access_token };
}

/** Puts a signature image (a dark stroke) on `member`'s profile, as drawing one does. */
async function uploadSignature(member: Member): Promise<void> {
  const image = await sharp({ create: { width: 240, height: 80, channels: 3, background: '#ffffff' } })
    .composite([
      { input: { create: { width: 180, height: 6, channels: 3, background: '#111111' } }, left: 30, top: 40 },
    ])
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([image], { type: 'image/png' }), 'signature.png');
  const response = await fetch(`${inject('baseUrl')}/api/profile/signature`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${member.accessToken}` },
    body: form,
  });
  if (!response.ok) throw new Error(`signature upload answered ${response.status}: ${await response.text()}`);
}

/**
 * The server mails one link of a kind per address per minute (`mail:email:<kind>` counters). For a
 * test that needs a second link at once, e.g. a new reset link asked for from another device, this
 * forgets the first one's count, as if the minute had passed.
 */
export async function forgetMailRateLimit(email: string, kind: 'signup' | 'recovery'): Promise<void> {
  await withDatabase(async (db) => {
    // Keys hold a keyed digest of the subject, never the address (ADR 0023).
    const secret = await storedSecret(db, RATE_LIMIT_KEY_SECRET)();
    const key = rateLimitKey(secret, mailPerEmailRule(kind), limitSubject.email(email));
    await db.$client.query('delete from rate_limit_counters where key = $1', [key]);
  });
}

/**
 * A webhook endpoint of `member`'s, written straight into its table: registering resolves the host,
 * which this machine cannot, and nothing is ever sent to it here. `disabledAt` as if deliveries had kept failing.
 */
export async function insertWebhookEndpoint(member: Member, url: string, disabledAt: Date | null = null) {
  return withDatabase(async (db) => {
    const { rows } = await db.$client.query<{ id: string }>(
      `insert into webhook_endpoints (business_id, user_id, url, events, disabled_at, failed_deliveries_in_a_row)
         select business_id, user_id, $2, '{certificate.issued}', $3, $4 from memberships where user_id = $1 returning id`,
      [member.userId, url, disabledAt, disabledAt ? 5 : 0],
    );
    return rows[0]?.id ?? '';
  });
}

/** The signing secret the server derives for an endpoint's secret version (ADR 0055), to check the one shown. */
export function webhookSecretOf(endpointId: string, version: number) {
  return withDatabase(async (db) => webhookSecret(await storedSecret(db, 'webhook-secrets')(), endpointId, version));
}

async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const db = createDatabase(inject('databaseUrl'), { maxConnections: 1 });
  try {
    return await work(db);
  } finally {
    await db.$client.end();
  }
}

/** Signs in through the login form and waits until the app has the session and has gone home. */
export async function signIn(page: Page, member: Member) {
  await page.goto('/login');
  await fillSignInForm(page, member.email, GOOD_PASSWORD);
  await page.waitForURL(`${inject('baseUrl')}/`);
  await page.waitForFunction(() => Object.keys(localStorage).some((key) => key.endsWith('-auth-token')));
}

/** A completed certificate made through the API, for tests about what comes after. */
export function createCompletedCertificate(member: Member, address: string) {
  return memberApi<{ id: string; certificate_number: string; revision: number }>(member, 'POST', '/api/certificates', {
    user_id: member.userId,
    standards: ['AS 3740-2021'],
    job_site_address: address,
    installation_date: '2026-11-20',
    areas: 'Ensuite: shower recess and floor',
    materials_used: 'Ardex WPM 300',
    status: 'completed',
  });
}

/** A stage photo uploaded as the certificate form does; answers its file id. */
export async function uploadCertificatePhoto(member: Member): Promise<string> {
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
  const response = await fetch(`${inject('baseUrl')}/api/certificates/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.accessToken}` },
    body: form,
  });
  if (!response.ok) throw new Error(`photo upload answered ${response.status}`);
  return ((await response.json()) as { file_id: string }).file_id;
}

/** A toast by its exact title, in the notification region (not the page's own messages). */
export const toastTitled = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Notifications' }).getByText(title, { exact: true });
