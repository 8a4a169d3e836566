import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_DELETION_CONFIRMATION, type Session, sessionSchema } from '@app/contract';
import { expect } from 'vitest';
import type { App } from '../../src/app.ts';
import { giveIssuer } from './issuer.ts';
import type { MailCatcher } from './mail-catcher.ts';

let counter = 0;
/** A unique address per call, so tests in one file never share an account or a rate-limit bucket. */
export const uniqueEmail = (label = 'user') => `${label}-${Date.now()}-${++counter}@example.com`;

/** A password the strength check accepts. */
export const GOOD_PASSWORD = 'harbour-trowel-magnet-47';

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export const bearer = (session: Session) => ({ authorization: `Bearer ${session.access_token}` });

/**
 * Signs up with a PKCE challenge and exchanges the emailed code: a confirmed, signed-in user whose
 * profile names the issuer (TEST_ISSUER and a signature), as a business that issues documents has;
 * `{ issuer: false }` leaves the profile empty, as sign-up does.
 */
export async function registerConfirmedUser(
  app: App,
  mail: MailCatcher,
  email = uniqueEmail(),
  { issuer = true }: { issuer?: boolean } = {},
): Promise<Session> {
  const { verifier, challenge } = pkcePair();
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password: GOOD_PASSWORD, code_challenge: challenge },
  });
  expect(signUp.statusCode).toBe(201);
  const link = mail.linkIn(await mail.nextMailTo(email), /^\/auth\/callback$/);
  const exchange = await app.inject({
    method: 'POST',
    url: '/api/auth/exchange',
    payload: { auth_code: link.searchParams.get('code'), code_verifier: verifier },
  });
  expect(exchange.statusCode).toBe(200);
  const session = sessionSchema.parse(exchange.json().session);
  if (issuer) await giveIssuer(app, session.access_token);
  return session;
}

/** Deletes `session`'s account as its holder does (the typed confirmation and their password); expects it done. */
export async function deleteAccount(app: App, session: Session): Promise<void> {
  const deleted = await app.inject({
    method: 'POST',
    url: '/api/account/delete',
    headers: bearer(session),
    payload: { confirmation: ACCOUNT_DELETION_CONFIRMATION, current_password: GOOD_PASSWORD },
  });
  expect(deleted.statusCode, deleted.body).toBe(200);
}

export async function signIn(app: App, email: string, password = GOOD_PASSWORD) {
  return app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });
}
