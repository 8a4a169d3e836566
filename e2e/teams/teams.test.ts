import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../apps/server/src/db/client.ts';
import { GOOD_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { waitForEmailLink, waitForInvitationLink } from '../support/mail.ts';
import { createMember, memberApi, signIn, toastTitled } from '../support/members.ts';
import { gzippedKilobytes, recordScripts } from '../support/script-weight.ts';

/*
 * The team at 375 px (ADR 0077): the owner invites a field member from /team; the invitee opens the
 * mailed link, creates an account with that address, confirms it, comes back to the invitation and
 * joins; the owner sees them as Field and removes them, and the removed member's next step says so
 * on the sign-in page with nothing of theirs left on the phone. And a link that has expired.
 */

const session = useBrowser({ viewport: { width: 375, height: 740 } });
const PHONE = { width: 375, height: 740 };
const BUSINESS = 'Dry Right Waterproofing';

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Tabs' });

/** The signed-in user's id, from the session this browser keeps. */
const storedUserId = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token'));
    return key ? (JSON.parse(localStorage.getItem(key) ?? 'null') as { user: { id: string } }).user.id : null;
  });

/**
 * A change the server refused, kept in the phone's outbox until its user sends it again (so no drain
 * sends it by itself while the test arranges things).
 */
const keepRefusedChangeInOutbox = (page: Page, userId: string) =>
  page.evaluate(
    (owner) =>
      new Promise<void>((resolve, reject) => {
        const opened = indexedDB.open('tradecert-outbox');
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const database = opened.result;
          const transaction = database.transaction('changes', 'readwrite');
          transaction.objectStore('changes').add({
            userId: owner,
            subject: 'certificate:kept-on-phone',
            label: '9 Queue St',
            request: { method: 'POST', path: '/api/certificates', body: {} },
            createdAt: new Date().toISOString(),
            attempts: 1,
            refused: { code: 'monthly_limit_reached', message: 'Upgrade to Premium to complete more this month.' },
          });
          transaction.oncomplete = () => {
            database.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    userId,
  );

/** How many outbox changes of `userId` are on this phone. */
const outboxChangesOf = (page: Page, userId: string) =>
  page.evaluate(
    (owner) =>
      new Promise<number>((resolve, reject) => {
        const opened = indexedDB.open('tradecert-outbox');
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const database = opened.result;
          const counted = database.transaction('changes').objectStore('changes').index('byUser').count(owner);
          counted.onsuccess = () => {
            database.close();
            resolve(counted.result);
          };
          counted.onerror = () => reject(counted.error);
        };
      }),
    userId,
  );

describe('the team', () => {
  it('invites a field member who signs up from the mail and joins; removed, their phone says so', async () => {
    const { page } = session;
    const owner = await createMember('team-owner', { profile: { company_name: BUSINESS } });
    const invitee = uniqueEmail('team-field');

    await signIn(page, owner);
    // On a laptop the header has the way to the team too, and still fits.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await page.setViewportSize(PHONE);
    await tabBar(page).getByRole('button', { name: 'More' }).click();
    await tabBar(page).getByRole('link', { name: 'Team' }).click();
    await page.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
    const members = page.getByRole('list', { name: 'Members' });
    await members.getByRole('listitem').filter({ hasText: 'You' }).filter({ hasText: 'Sam Citizen' }).waitFor();

    const since = Date.now();
    await page.getByLabel('Email address').fill(invitee);
    await page.getByLabel('Role').selectOption({ label: 'Field' });
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await toastTitled(page, 'Invitation sent').waitFor();
    const waiting = page.getByRole('list', { name: 'Invitations waiting' }).getByRole('listitem');
    await waiting.filter({ hasText: invitee }).waitFor();
    expect(await waiting.textContent()).toContain('Field · Invited by Sam Citizen');
    // Inviting the same address again is refused with the server's own words.
    session.allowConsoleErrors(/status of 409/);
    await page.getByLabel('Email address').fill(invitee);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page
      .getByText(`${invitee} already has an invitation waiting. Use Resend to send it again, or revoke it first.`)
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);

    // The invitee, on their own phone, opens the mailed link.
    const link = await waitForInvitationLink(invitee, { since });
    const phone = await (await session.newContext()).newPage();
    await phone.setViewportSize(PHONE);
    const scripts = recordScripts(phone);
    await phone.goto(link);
    await phone.getByRole('heading', { level: 1, name: `${BUSINESS} invited you to join as field crew` }).waitFor();
    await phone.waitForLoadState('networkidle');
    // PRODUCT.md, Budgets: a public page loads at most 115 KB of gzipped JavaScript.
    expect(await gzippedKilobytes(scripts)).toBeLessThanOrEqual(115);
    expect(await seriousViolations(phone)).toEqual([]);

    await phone.getByRole('link', { name: 'Create an account' }).click();
    await phone.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    expect(await phone.getByLabel('Email').inputValue()).toBe(invitee);
    const signedUpAt = Date.now();
    await phone.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
    await phone.getByRole('button', { name: 'Create account', exact: true }).click();
    await phone.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();

    // The confirmation signs them in and brings them back to the invitation.
    await phone.goto(await waitForEmailLink(invitee, { since: signedUpAt }));
    await phone.waitForURL(`${session.baseUrl}${link}`);
    await phone.getByRole('button', { name: `Join ${BUSINESS}` }).click();
    await phone.waitForURL(`${session.baseUrl}/`);
    await toastTitled(phone, `You joined ${BUSINESS}`).waitFor();
    await phone.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const inviteeId = await storedUserId(phone);
    expect(inviteeId).toBeTruthy();

    // The owner sees them as Field, the invitation gone.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
    const role = page.getByLabel(`Role of ${invitee}`);
    await role.waitFor();
    expect(await role.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe('Field');
    await page.getByText('No invitations are waiting for an answer.').waitFor();

    // Something only this phone holds for them, then the owner removes them.
    await keepRefusedChangeInOutbox(phone, inviteeId ?? '');
    expect(await outboxChangesOf(phone, inviteeId ?? '')).toBe(1);
    await page.getByRole('button', { name: `Remove ${invitee}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove member' }).click();
    await toastTitled(page, 'Member removed').waitFor();
    await expect.poll(() => members.getByRole('listitem').count()).toBe(1);

    // Their next step: refused, signed out, told why, and nothing of theirs left to send.
    session.allowConsoleErrors(/status of 401/);
    // (Lists already read are shown from the cache; the team's page is not, so it asks the server.)
    await tabBar(phone).getByRole('button', { name: 'More' }).click();
    await tabBar(phone).getByRole('link', { name: 'Team' }).click();
    await phone.getByText(`You were removed from ${BUSINESS}. Changes saved on this phone were not sent.`).waitFor();
    await phone.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await expect.poll(() => outboxChangesOf(phone, inviteeId ?? '')).toBe(0);
    expect(await phone.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith('-auth-token')))).toEqual(
      [],
    );
  });

  it('drops what a phone kept for a member removed while it was closed, before anything is sent', async () => {
    const { page } = session;
    const owner = await createMember('team-owner-closed', { profile: { company_name: BUSINESS } });
    const crewEmail = uniqueEmail('team-closed');
    const since = Date.now();
    await memberApi(owner, 'POST', '/api/team/invitations', { email: crewEmail, role: 'field' });
    const token = (await waitForInvitationLink(crewEmail, { since })).split('/').pop() ?? '';
    const crew = await createMember('team-closed', { email: crewEmail });
    await memberApi(crew, 'POST', `/api/invitations/${token}/accept`, {});

    await signIn(page, crew);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const crewId = (await storedUserId(page)) ?? '';
    await keepRefusedChangeInOutbox(page, crewId);
    // The phone is put away; meanwhile the owner removes them, and their access token runs out.
    await page.goto('about:blank');
    await memberApi(owner, 'DELETE', `/api/team/members/${crew.userId}`);
    await page.goto('/terms');
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token')) ?? '';
      localStorage.setItem(key, JSON.stringify({ ...JSON.parse(localStorage.getItem(key) ?? '{}'), expires_at: 0 }));
    });

    // Opened again: the renewal says member_removed; signed out, with the message on the sign-in page.
    session.allowConsoleErrors(/status of 401/);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Terms of service' }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Sign in' }).click();
    await page.getByText(`You were removed from ${BUSINESS}. Changes saved on this phone were not sent.`).waitFor();

    // Signing in again (their own business now): the refused change is dropped before any drain.
    await page.getByLabel('Email').fill(crewEmail);
    await page.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${session.baseUrl}/`);
    await expect.poll(() => outboxChangesOf(page, crewId)).toBe(0);
    const marks = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('removed-member:')),
    );
    expect(marks).toEqual([]);
  });

  it('says an expired invitation no longer works and whom to ask', async () => {
    const { page } = session;
    const owner = await createMember('team-expiry', { profile: { company_name: BUSINESS } });
    const invitee = uniqueEmail('team-late');
    const since = Date.now();
    await memberApi(owner, 'POST', '/api/team/invitations', { email: invitee, role: 'office' });
    const link = await waitForInvitationLink(invitee, { since });
    const db = createDatabase(inject('databaseUrl'), { maxConnections: 1 });
    try {
      await db.$client.query(`update invitations set expires_at = now() - interval '1 minute' where email = $1`, [
        invitee,
      ]);
    } finally {
      await db.$client.end();
    }

    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'This invitation has expired' }).waitFor();
    await page.getByText(`Ask ${BUSINESS} to send a new invitation.`).waitFor();
    expect(await page.getByRole('button', { name: /^Join / }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
