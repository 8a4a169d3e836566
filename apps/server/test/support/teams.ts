import { type Session, sessionSchema } from '@app/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app.ts';
import type { Database, Queryable } from '../../src/db/client.ts';
import { businesses, memberships } from '../../src/platform/accounts/business.schema.ts';
import {
  deleteBusinessLeftEmpty,
  type MemberRole,
  membershipOf,
  moveSignatureTo,
} from '../../src/platform/accounts/memberships.ts';
import { bearer, GOOD_PASSWORD, registerConfirmedUser, signIn, uniqueEmail } from './auth-helpers.ts';
import type { MailCatcher } from './mail-catcher.ts';

/**
 * A second person in `owner`'s business, put there by SQL until invitations exist (ADR 0077): a
 * confirmed account (with its own name and signature, as an issuer) whose one-person business is
 * dropped and whose membership moves into the owner's with `role`; their signature, a file of the
 * business it was uploaded in, moves with them. Answers a fresh session, whose access token carries
 * the new business and role.
 */
export async function addMember(
  app: App,
  mail: MailCatcher,
  db: Database,
  owner: Session,
  role: Exclude<MemberRole, 'owner'>,
  email = uniqueEmail(role),
): Promise<Session> {
  const first = await registerConfirmedUser(app, mail, email);
  const { businessId } = await membershipOf(db, owner.user.id);
  await db.transaction(async (tx) => {
    await moveSignatureTo(tx, first.user.id, businessId);
    await deleteBusinessLeftEmpty(tx, first.user.id);
    await tx.insert(memberships).values({ businessId, userId: first.user.id, role });
  });
  const response = await signIn(app, email, GOOD_PASSWORD);
  expect(response.statusCode, response.body).toBe(200);
  return sessionSchema.parse(response.json());
}

/** A new owner whose business has a name, as mail, messages and the invitation page print it. */
export async function ownerOfNamedBusiness(app: App, mail: MailCatcher, db: Database, name: string) {
  const owner = await registerConfirmedUser(app, mail);
  const { businessId } = await membershipOf(db, owner.user.id);
  await db.update(businesses).set({ companyName: name }).where(eq(businesses.id, businessId));
  return { owner, businessId };
}

/** The id of the business `userId` belongs to. */
export const businessIdOf = async (db: Queryable, userId: string) => (await membershipOf(db, userId)).businessId;

/** Sets `userId`'s role by SQL (the Team page does it in slice 5); their next session carries it. */
export const setRole = (db: Database, userId: string, role: MemberRole) =>
  db.update(memberships).set({ role }).where(eq(memberships.userId, userId));

/**
 * Invites `email` as `role` into `owner`'s business through the API and answers the token of the
 * link mailed to it (`<APP_URL>/invite/<token>`), waited for on the SMTP listener, never timed.
 */
export async function invitationToken(
  app: App,
  mail: MailCatcher,
  owner: Session,
  email: string,
  role: Exclude<MemberRole, 'owner'>,
): Promise<string> {
  const invited = await app.inject({
    method: 'POST',
    url: '/api/team/invitations',
    headers: bearer(owner),
    payload: { email, role },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const caught = await mail.nextMailTo(email, 30_000);
  return (
    mail
      .linkIn(caught, /^\/invite\/[A-Za-z0-9_-]+$/)
      .pathname.split('/')
      .at(-1) ?? ''
  );
}
