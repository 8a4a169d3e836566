import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/accounts.ts';
import { useBrowser } from '../support/browser.ts';
import { controlsKeyboardMisses, cutOffSideways, textAt200Percent } from '../support/keyboard-and-zoom.ts';
import { waitForInvitationLink } from '../support/mail.ts';
import {
  addMemberTo,
  createCompletedCertificate,
  createMember,
  type Member,
  memberApi,
  signIn,
  toastTitled,
} from '../support/members.ts';

/*
 * The team's pages by keyboard alone and with the text at 200%, on a 375 px phone (PRODUCT.md,
 * States): /team and /team/activity as the owner of a business of three with an invitation
 * waiting and a certificate issued by the field member, and an open invitation's /invite page.
 */

const session = useBrowser({ viewport: { width: 375, height: 740 } });

let owner: Member;
let invitationLink: string;

beforeAll(async () => {
  owner = await createMember('keys-owner', { premium: true, profile: { applicator_name: 'Pat Owner' } });
  await addMemberTo(owner, 'office', 'keys-office');
  const field = await addMemberTo(owner, 'field', 'keys-field');
  await memberApi(field, 'PATCH', '/api/profile', { applicator_name: 'Finn Field' });
  await createCompletedCertificate(field, '4 Tab St, Sydney');
  const invitee = uniqueEmail('keys-invitee');
  const since = Date.now();
  await memberApi(owner, 'POST', '/api/team/invitations', { email: invitee, role: 'field' });
  invitationLink = await waitForInvitationLink(invitee, { since });
});

/** Each page as it is once loaded: its heading and what its data shows. */
const pages: Array<{ name: string; open: (page: Page) => Promise<unknown>; signedIn: boolean }> = [
  {
    name: '/team',
    signedIn: true,
    open: async (page) => {
      await page.goto('/team');
      await page.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
      await page
        .getByText(/keys-invitee/)
        .first()
        .waitFor();
    },
  },
  {
    name: '/team/activity',
    signedIn: true,
    open: async (page) => {
      await page.goto('/team/activity');
      await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
      await page
        .getByText(/issued certificate/)
        .first()
        .waitFor();
    },
  },
  {
    name: '/invite/:token',
    signedIn: false,
    open: async (page) => {
      await page.goto(invitationLink);
      await page.getByRole('heading', { level: 1, name: /invited you to join as field crew/ }).waitFor();
    },
  },
];

/** Presses Tab until `target` has the focus, at most `presses` times. */
async function tabTo(page: Page, target: Locator, presses = 60) {
  for (let press = 0; press < presses; press++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab did not reach ${target} in ${presses} presses`);
}

describe('the checks', () => {
  it('report a control Tab never reaches, one covered when focused, and what runs off the side', async () => {
    const { page } = session;
    await pages[2]?.open(page);
    await page.evaluate(() => {
      const main = document.querySelector('main') as HTMLElement;
      main.insertAdjacentHTML(
        'beforeend',
        `<div inert><button type="button">Unreachable</button></div>
         <button type="button" id="under-the-bar">Covered</button>
         <p style="width: 800px">Too wide</p>`,
      );
      const bar = document.createElement('div');
      const covered = (document.getElementById('under-the-bar') as HTMLElement).getBoundingClientRect();
      bar.style.cssText = `position: absolute; left: 0; right: 0; top: ${covered.top + window.scrollY - 4}px; height: ${covered.height + 8}px; z-index: 100; background: white`;
      document.body.append(bar);
    });
    const misses = await controlsKeyboardMisses(page);
    expect(misses).toContain('not reached by Tab: button Unreachable');
    expect(misses).toContain('covered when focused: Covered');
    const cutOff = await cutOffSideways(page);
    expect(cutOff.some((line) => line.startsWith('the page scrolls sideways'))).toBe(true);
    expect(cutOff.some((line) => line.startsWith('p "Too wide"'))).toBe(true);
  });
});

describe('the team pages by keyboard alone', () => {
  it('reach every control by Tab, none hidden under a bar when focused, and invite with keys only', async () => {
    const { page } = session;
    await signIn(page, owner);
    for (const { name, open, signedIn } of pages) {
      const target = signedIn ? page : await (await session.newContext()).newPage();
      await open(target);
      expect(await controlsKeyboardMisses(target), name).toEqual([]);
    }

    // An invitation sent without the pointer: Tab to the address, type it, Enter submits.
    await pages[0]?.open(page);
    await tabTo(page, page.getByLabel('Email address'));
    await page.keyboard.type(uniqueEmail('keys-typed'));
    await page.keyboard.press('Enter');
    await toastTitled(page, 'Invitation sent').waitFor();
  });
});

describe('the team pages with the text at 200%', () => {
  it('show everything within the width of a phone: nothing scrolls sideways or is cut off', async () => {
    const { page } = session;
    await textAt200Percent(page);
    await signIn(page, owner);
    for (const { name, open, signedIn } of pages) {
      let target = page;
      if (!signedIn) {
        target = await (await session.newContext()).newPage();
        await textAt200Percent(target);
      }
      await open(target);
      expect(await target.evaluate(() => getComputedStyle(document.documentElement).fontSize), name).toBe('32px');
      expect(await cutOffSideways(target), name).toEqual([]);
    }
  });
});
