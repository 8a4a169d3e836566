import { authErrorMessages, errorCodes } from '@app/contract';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readySwmsBody } from '../../apps/server/test/support/swms.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { seriousViolations, wcagViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { fillJobDetails } from '../support/certificate-form.ts';
import { logoPng } from '../support/images.ts';
import { waitForSigningLink } from '../support/mail.ts';
import { createCompletedCertificate, createMember, type Member, memberApi, signIn } from '../support/members.ts';
import { smallMainActions } from '../support/targets.ts';

// DESIGN budget: axe-core reports no serious or critical violation on any page.
const session = useBrowser();

const UNKNOWN_CERTIFICATE = '6f1c2a1e-58a3-4a7e-9d1c-0f5b0a1d2e3f';

/** A premium member with a full profile, a completed certificate with a photo, and a draft. */
let member: Member;
let certificateId = '';
/** A free-plan member with one completed certificate and no photos. */
let freeMember: Member;
let freeCertificateId = '';
let swmsId = '';
let coverSheetId = '';
/** Open signing links: the certificate with its photo, and a SWMS with its steps. */
let certificateSignLink = '';
let swmsSignLink = '';

/** Uploads `body` as the single file of a multipart request, as the app's image pickers do. */
async function upload<T>(method: 'POST' | 'PUT', path: string, body: Buffer, type: string): Promise<T> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(body)], { type }), type === 'image/png' ? 'image.png' : 'photo.jpg');
  const response = await fetch(`${session.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${member.accessToken}` },
    body: form,
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  member = await createMember('a11y', {
    premium: true,
    profile: {
      company_name: 'Dry Wet Areas Pty Ltd',
      company_address: '12 Example Street, Parramatta NSW 2150',
      company_email: 'office@drywet.example.com',
      company_phone: '02 9000 0000',
      company_abn: '51 824 753 556',
      licence_number: 'WP-12345',
      applicator_name: 'Sam Citizen',
      common_materials: ['Ardex WPM 300', 'Bond breaker tape'],
    },
  });
  const logo = await logoPng();
  await upload('PUT', '/api/profile/logo', logo, 'image/png');
  await upload('PUT', '/api/profile/signature', logo, 'image/png');
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer();
  const photo = await upload<{ file_id: string }>('POST', '/api/certificates/photos', jpeg, 'image/jpeg');
  const certificate = await memberApi<{ id: string }>(member, 'POST', '/api/certificates', {
    user_id: member.userId,
    standards: ['AS 3740-2021', 'AS 4654.2-2012'],
    job_site_address: '3 Quay St, Sydney',
    installation_date: '2026-11-20',
    areas: 'Ensuite: shower recess and floor',
    materials_used: 'Ardex WPM 300\nBond breaker tape',
    additional_info: 'Flood test passed after 24 hours.',
    photos: [{ file_id: photo.file_id, caption: 'Shower recess before membrane' }],
    status: 'completed',
  });
  certificateId = certificate.id;
  await memberApi(member, 'POST', '/api/certificates', {
    user_id: member.userId,
    job_site_address: '12 Wharf Rd, Balmain',
    status: 'draft',
  });

  const swms = await memberApi<{ id: string }>(member, 'POST', '/api/swms', { starter: 'waterproofing' });
  swmsId = swms.id;
  coverSheetId = (await memberApi<{ id: string }>(member, 'POST', '/api/cover-sheets', { swms_ids: [swms.id] })).id;

  const sendForSigning = async (kind: string, id: string) => {
    const email = uniqueEmail('a11y-signer');
    const since = Date.now();
    await memberApi(member, 'POST', `/api/signing/documents/${kind}/${id}/requests`, {
      signers: [{ name: 'Alex Builder', email }],
    });
    return waitForSigningLink(email, { since });
  };
  certificateSignLink = await sendForSigning('certificate', certificateId);
  const readySwms = await memberApi<{ id: string; revision: number }>(member, 'POST', '/api/swms', {});
  await memberApi(member, 'PUT', `/api/swms/${readySwms.id}`, { revision: readySwms.revision, body: readySwmsBody() });
  swmsSignLink = await sendForSigning('swms', readySwms.id);

  freeMember = await createMember('a11y-free');
  freeCertificateId = (await createCompletedCertificate(freeMember, '9 Quay St, Sydney')).id;
});

/** Each member's stored session, captured after one sign-in through the form (sign-ins are rate-limited). */
const storedSessions = new Map<Member, [key: string, value: string]>();
/** Whose session the current test's page was given, if anyone's. */
let actingAs: Member | undefined;

const readStoredSession = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token')) ?? '';
    return [key, localStorage.getItem(key) ?? ''] as [string, string];
  });

// Refresh tokens rotate on use: when a page renewed the session (on a slow run, past the access
// token's lifetime), the next test must start from the renewed one, not the spent one.
beforeEach(() => {
  actingAs = undefined;
});
afterEach(async () => {
  if (!actingAs || !session.page.url().startsWith(session.baseUrl)) return;
  const current = await readStoredSession(session.page).catch(() => undefined);
  if (current?.[0] && current[1]) storedSessions.set(actingAs, current);
});

/** Opens pages as `who` (the premium member unless told) from now on, signing in through the form only once. */
async function actAsMember(page: Page, who: Member = member) {
  actingAs = who;
  let stored = storedSessions.get(who);
  if (!stored) {
    await signIn(page, who);
    stored = await readStoredSession(page);
    storedSessions.set(who, stored);
  }
  await page.addInitScript(([key, value]) => {
    if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
  }, stored);
}

/** Chooses the dark theme before the app loads, as a returning user who picked it would have. */
const useDarkTheme = (page: Page) => page.addInitScript(() => localStorage.setItem('theme', 'dark'));

type Check = {
  path: string | (() => string);
  heading: string | RegExp;
  /** Waits for what loads after the heading (data, images), so axe sees the finished page. */
  ready?: (page: Page) => Promise<unknown>;
  /** Console errors the page provokes on purpose (a request the server refuses). */
  expectedErrors?: RegExp[];
};

const pathOf = ({ path }: Pick<Check, 'path'>) => (typeof path === 'function' ? path() : path);

/** Opens the page, waits until it has settled, and expects no serious or critical violation. */
async function expectAccessible(page: Page, check: Check) {
  if (check.expectedErrors) session.allowConsoleErrors(...check.expectedErrors);
  await page.goto(pathOf(check));
  await page.getByRole('heading', { level: 1, name: check.heading }).waitFor();
  await check.ready?.(page);
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
}

const imagesLoaded = (page: Page) =>
  page.waitForFunction(() => [...document.images].every((image) => image.complete && image.naturalWidth > 0));

const publicPages: Array<[name: string, Check]> = [
  [
    '/',
    {
      path: '/',
      heading: /Compliance certificates for trades/,
      ready: async (page) => {
        // The sample certificate loads lazily, below the fold.
        await page.getByRole('img', { name: /A sample certificate/ }).scrollIntoViewIfNeeded();
        await imagesLoaded(page);
      },
    },
  ],
  ['/login', { path: '/login', heading: 'Sign in' }],
  ['/register', { path: '/register', heading: 'Create your account' }],
  ['/pricing', { path: '/pricing', heading: 'Pricing' }],
  ['/contact', { path: '/contact', heading: 'Contact us' }],
  ['/terms', { path: '/terms', heading: 'Terms of service' }],
  ['/privacy', { path: '/privacy', heading: 'Privacy policy' }],
  ['/auth/callback', { path: '/auth/callback', heading: 'This link is incomplete' }],
  ['/auth/confirm', { path: '/auth/confirm', heading: 'This link is incomplete' }],
  ['/auth/update-password', { path: '/auth/update-password', heading: 'Set a new password' }],
  // An unknown token: the page says so (its lookup answers 404, an expected console error).
  ['/sign/:token', { path: '/sign/abc123token', heading: 'This link is not valid', expectedErrors: [/status of 404/] }],
  [
    '/invite/:token',
    { path: '/invite/abc123token', heading: 'This invitation link is not valid', expectedErrors: [/status of 404/] },
  ],
  [
    '/sign/:token (a certificate with a photo)',
    { path: () => certificateSignLink, heading: 'Sign document', ready: imagesLoaded },
  ],
  [
    '/sign/:token (a SWMS with rated steps)',
    {
      path: () => swmsSignLink,
      heading: 'Sign document',
      ready: (page) => page.getByText('Step 1: Grind the screed high spots').waitFor(),
    },
  ],
  ['/webhook-test', { path: '/webhook-test', heading: 'Billing webhook status' }],
  ['an unknown path', { path: '/this/does/not/exist', heading: 'Page not found' }],
  ['/gallery', { path: '/gallery', heading: 'Photo gallery' }],
  [
    '/verify/:kind/:id/:version',
    {
      path: () => `/verify/swms/${swmsId}/1`,
      heading: 'Verify a SWMS',
      ready: (page) => page.getByText('Signatures on this version').waitFor(),
    },
  ],
  ['/verify', { path: '/verify', heading: 'Verify a PDF' }],
  [
    'an unknown certificate',
    {
      path: `/certificates/${UNKNOWN_CERTIFICATE}`,
      heading: 'Certificate not found',
      expectedErrors: [/status of 404/],
    },
  ],
  [
    '/certificates/:id (shared)',
    {
      path: () => `/certificates/${certificateId}`,
      heading: 'Certificate of compliance',
      ready: imagesLoaded,
    },
  ],
  [
    '/certificates/:id/download',
    { path: () => `/certificates/${certificateId}/download`, heading: 'Download certificate' },
  ],
];

const memberPages: Array<[name: string, Check]> = [
  [
    '/ (signed in: the dashboard)',
    {
      path: '/',
      heading: 'Dashboard',
      ready: async (page) => {
        await page.getByRole('link', { name: '3 Quay St, Sydney' }).waitFor();
        await page.getByText(/Premium has no monthly limit/).waitFor();
      },
    },
  ],
  [
    '/profile',
    {
      path: '/profile',
      heading: 'Company profile',
      ready: async (page) => {
        await expect.poll(() => page.getByLabel('Company name').inputValue()).toBe('Dry Wet Areas Pty Ltd');
        await imagesLoaded(page);
      },
    },
  ],
  [
    '/profile/api',
    {
      path: '/profile/api',
      heading: 'API access',
      ready: (page) => page.getByText('You have no API tokens.').waitFor(),
    },
  ],
  [
    '/team',
    {
      path: '/team',
      heading: 'Team',
      ready: (page) => page.getByText('No invitations are waiting for an answer.').waitFor(),
    },
  ],
  [
    '/team/activity',
    {
      path: '/team/activity',
      heading: 'Activity',
      ready: (page) =>
        page
          .getByText(/issued certificate WPC-/)
          .first()
          .waitFor(),
    },
  ],
  ['/materials', { path: '/materials', heading: 'Common materials' }],
  [
    '/certificates',
    {
      path: '/certificates',
      heading: 'Certificates',
      ready: (page) => page.getByRole('link', { name: '3 Quay St, Sydney' }).waitFor(),
    },
  ],
  ['/certificates/new', { path: '/certificates/new', heading: 'New certificate' }],
  [
    '/certificates/edit/:id',
    {
      path: () => `/certificates/edit/${certificateId}`,
      heading: 'Edit certificate',
      ready: async (page) => {
        await expect.poll(() => page.getByLabel('Job site address').inputValue()).toBe('3 Quay St, Sydney');
        await imagesLoaded(page);
      },
    },
  ],
  [
    '/certificates/:id (owner)',
    {
      path: () => `/certificates/${certificateId}`,
      heading: 'Certificate of compliance',
      ready: async (page) => {
        await page.getByRole('link', { name: 'Edit' }).waitFor();
        await imagesLoaded(page);
      },
    },
  ],
  [
    '/certificates/:id/download (owner)',
    { path: () => `/certificates/${certificateId}/download`, heading: 'Download certificate' },
  ],
  [
    '/gallery (with a photo)',
    {
      path: '/gallery',
      heading: 'Photo gallery',
      ready: async (page) => {
        await page.getByRole('button', { name: 'View full size: Shower recess before membrane' }).waitFor();
        await imagesLoaded(page);
      },
    },
  ],
  ...[1, 2, 3, 4].map((step): [string, Check] => [
    `/onboarding step ${step}`,
    {
      path: `/onboarding?step=${step}`,
      heading: 'Set up your company',
      ready: async (page) => {
        await page.getByText(`Step ${step} of 4`).waitFor();
        await imagesLoaded(page);
      },
    },
  ]),
  [
    '/auth/update-password (signed in: asks for the current password)',
    {
      path: '/auth/update-password',
      heading: 'Set a new password',
      ready: (page) => page.getByLabel('Current password').waitFor(),
    },
  ],
  ['/welcome', { path: '/welcome', heading: 'Welcome to TradeCert' }],
  [
    '/swms',
    {
      path: '/swms',
      heading: 'Safe Work Method Statements',
      ready: (page) =>
        page.getByRole('link', { name: 'Waterproofing: internal wet areas and balcony membranes' }).waitFor(),
    },
  ],
  [
    '/swms/:id',
    {
      path: () => `/swms/${swmsId}?section=steps`,
      heading: /^SWMS SWMS-/,
      ready: (page) => page.getByRole('button', { name: 'Edit step 1' }).waitFor(),
    },
  ],
  [
    '/swms/:id (a job step in its editor)',
    {
      path: () => `/swms/${swmsId}?section=steps`,
      heading: /^SWMS SWMS-/,
      ready: async (page) => {
        await page.getByRole('button', { name: 'Edit step 1' }).click();
        await page.getByRole('group', { name: 'Step 1' }).getByLabel('Control 1', { exact: true }).waitFor();
      },
    },
  ],
  [
    '/swms/:id (high-risk work)',
    {
      path: () => `/swms/${swmsId}?section=hrcw`,
      heading: /^SWMS SWMS-/,
      ready: (page) => page.getByLabel('On or near energised electrical installations or services').waitFor(),
    },
  ],
  [
    '/swms/cover-sheet',
    {
      path: '/swms/cover-sheet',
      heading: 'SWMS cover sheets',
      ready: (page) => page.getByText(/CS-\d{4}-0001/).waitFor(),
    },
  ],
  [
    '/swms/cover-sheet/edit/:id',
    {
      path: () => `/swms/cover-sheet/edit/${coverSheetId}`,
      heading: /^Cover sheet CS-/,
      ready: (page) => page.getByLabel(/^SWMS-\d{4}-0001: /).waitFor(),
    },
  ],
  ['/compliance', { path: '/compliance', heading: 'Compliance' }],
  ['/bundles', { path: '/bundles', heading: 'Document bundles' }],
  ['/subscription', { path: '/subscription', heading: 'Subscription' }],
  [
    '/billing/test-checkout',
    {
      path: '/billing/test-checkout?interval=monthly',
      heading: 'Test checkout',
      // The member may be Premium here: the page then offers "End now" instead.
      ready: (page) => page.getByRole('button', { name: /^(Complete test purchase|End now)$/ }).waitFor(),
    },
  ],
  ['/admin (not an admin)', { path: '/admin', heading: 'Not authorised' }],
];

/** What a free-plan member sees differently: the monthly allowance, the plan, the premium-only edit. */
const freePages: Array<[name: string, Check]> = [
  [
    '/ (free plan: the dashboard with the allowance)',
    {
      path: '/',
      heading: 'Dashboard',
      ready: (page) => page.getByText(/completed certificates used this month on the free plan/).waitFor(),
    },
  ],
  [
    '/certificates (free plan)',
    {
      path: '/certificates',
      heading: 'Certificates',
      ready: (page) => page.getByText(/completed certificates used this month on the free plan/).waitFor(),
    },
  ],
  [
    '/certificates?q= (no match)',
    {
      path: '/certificates?q=Nowhere',
      heading: 'Certificates',
      ready: (page) => page.getByText('No certificates match.', { exact: false }).waitFor(),
    },
  ],
  ['/profile (free plan)', { path: '/profile', heading: 'Company profile' }],
  [
    '/certificates/new (free plan: what a draft is)',
    {
      path: '/certificates/new',
      heading: 'New certificate',
      ready: (page) => page.getByText(/Drafts are saved to your account and never counted/).waitFor(),
    },
  ],
  [
    '/certificates/new (a checklist being recorded)',
    {
      path: '/certificates/new',
      heading: 'New certificate',
      ready: async (page) => {
        await page.getByRole('button', { name: 'Add checklist' }).click();
        const fall = page.getByRole('group', { name: 'Shower floor fall to the waste' });
        await fall.getByRole('spinbutton').fill('90');
        await fall.getByRole('status').filter({ hasText: 'Warning' }).waitFor();
      },
    },
  ],
  [
    '/certificates/edit/:id (free plan)',
    {
      path: () => `/certificates/edit/${freeCertificateId}`,
      heading: 'Premium Feature',
      expectedErrors: [/status of 403/],
    },
  ],
  [
    '/gallery (no photos)',
    {
      path: '/gallery',
      heading: 'Photo gallery',
      ready: (page) => page.getByText('No photos yet.', { exact: false }).waitFor(),
    },
  ],
];

/** Pages checked again on a phone and in the dark theme. */
const keyPages = ['/', '/login', '/certificates', '/certificates/new', '/profile'];
const keyChecks = [...publicPages, ...memberPages].filter(([, check]) => keyPages.includes(pathOf(check)));
const needsMember = (check: Check) => memberPages.some(([, memberCheck]) => memberCheck === check);

describe('the check', () => {
  it('reports a serious violation with the rule and the element to fix', async () => {
    const { page } = session;
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.evaluate(() => {
      const unlabelled = document.createElement('input');
      unlabelled.id = 'unlabelled-on-purpose';
      document.querySelector('main')?.append(unlabelled);
    });
    expect(await seriousViolations(page)).toEqual([
      expect.stringMatching(/^label: Form elements must have labels — #unlabelled-on-purpose$/),
    ]);
  });
});

describe('the WCAG 2.2 AA check', () => {
  it('reports a violation of any impact, e.g. a button smaller than 24 px', async () => {
    const { page } = session;
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.evaluate(() => {
      // Two, side by side: a small target alone passes on the space around it.
      for (const id of ['tiny-on-purpose', 'its-neighbour']) {
        const tiny = document.createElement('button');
        tiny.id = id;
        tiny.textContent = 'x';
        tiny.style.cssText = 'width:10px;height:10px;padding:0;margin:0;font-size:8px;display:inline-block';
        document.querySelector('main')?.append(tiny);
      }
    });
    expect(await wcagViolations(page)).toEqual([
      expect.stringMatching(/^target-size: .* — #tiny-on-purpose, #its-neighbour$/),
    ]);
  });
});

describe('the main-action size check', () => {
  it('reports a button or a link drawn as a button smaller than 44 × 44 px, and not a link in the text', async () => {
    const { page } = session;
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await smallMainActions(page)).toEqual([]);
    await page.evaluate(() => {
      const main = document.querySelector('main');
      const button = document.createElement('button');
      button.textContent = 'Too short';
      button.style.cssText = 'height:32px;padding:0 16px';
      const link = document.createElement('a');
      link.href = '/pricing';
      link.textContent = 'Boxed link';
      link.style.cssText = 'display:inline-block;height:30px;border:1px solid';
      const inline = document.createElement('a');
      inline.href = '/terms';
      inline.textContent = 'a link in a sentence';
      main?.append(button, link, inline);
    });
    expect(await smallMainActions(page)).toEqual([
      expect.stringMatching(/^button "Too short": \d+ × 32$/),
      expect.stringMatching(/^a "Boxed link": \d+ × 30$/),
    ]);
  });
});

describe('signed out', () => {
  it.each(publicPages)('%s has no serious or critical violations', async (_name, check) => {
    await expectAccessible(session.page, check);
  });
});

describe('signed out, dark theme', () => {
  it.each(publicPages)('%s has no serious or critical violations', async (_name, check) => {
    await useDarkTheme(session.page);
    await expectAccessible(session.page, check);
    expect(await session.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  });
});

describe('signed in', () => {
  it.each(memberPages)('%s has no serious or critical violations', async (_name, check) => {
    await actAsMember(session.page);
    await expectAccessible(session.page, check);
  });
});

describe('signed in, free plan', () => {
  it.each(freePages)('%s has no serious or critical violations', async (_name, check) => {
    await actAsMember(session.page, freeMember);
    await expectAccessible(session.page, check);
  });
});

describe.each([
  ['375 px wide, light', { phone: true, dark: false }],
  ['desktop, dark', { phone: false, dark: true }],
  ['375 px wide, dark', { phone: true, dark: true }],
])('%s', (_variant, { phone, dark }) => {
  it.each(keyChecks)('%s has no serious or critical violations', async (_name, check) => {
    const { page } = session;
    if (phone) await page.setViewportSize({ width: 375, height: 740 });
    if (needsMember(check)) await actAsMember(page);
    if (dark) await useDarkTheme(page);
    await expectAccessible(page, check);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(dark);
  });
});

/**
 * The router's own list of routes (apps/web/src/app/routes.ts), read when the tests run, so a new
 * page joins the pass below by itself. Imported by a path the type checker does not follow: the
 * web app's pages are TSX under its own settings.
 */
const routesModule = '../../apps/web/src/app/routes.ts';
const { routes } = (await import(routesModule)) as { routes: readonly { path: string; access: 'public' | 'member' }[] };

/**
 * Where each route with parameters is opened (the documents of the setup above), and what a page
 * provokes on purpose. A route missing here fails the pass, saying which.
 */
const routeFixtures: Record<string, { path: () => string; expectedErrors?: RegExp[] }> = {
  '/certificates/:id': { path: () => `/certificates/${certificateId}` },
  '/certificates/:id/download': { path: () => `/certificates/${certificateId}/download` },
  '/certificates/edit/:id': { path: () => `/certificates/edit/${certificateId}` },
  '/sign/:token': { path: () => certificateSignLink },
  // An unknown token (the teams e2e checks an open invitation's page).
  '/invite/:token': { path: () => '/invite/abc123token', expectedErrors: [/status of 404/] },
  '/verify/:kind/:id/:version': { path: () => `/verify/swms/${swmsId}/1` },
  '/swms/:id': { path: () => `/swms/${swmsId}` },
  '/swms/cover-sheet/edit/:id': { path: () => `/swms/cover-sheet/edit/${coverSheetId}` },
  '*': { path: () => '/this/does/not/exist' },
};

const routeChecks = routes.map(({ path }): [string, { path: () => string; expectedErrors?: RegExp[] }] => [
  path,
  routeFixtures[path] ?? {
    path: () => {
      if (/[:*]/.test(path)) throw new Error(`add a fixture to routeFixtures for ${path}`);
      return path;
    },
  },
]);

describe.each([
  ['signed out', false],
  ['signed in', true],
])('every route at 375 px, %s: WCAG 2.2 AA', (_who, signedIn) => {
  it.each(routeChecks)('%s has no violations', async (_route, check) => {
    const { page } = session;
    await page.setViewportSize({ width: 375, height: 740 });
    if (signedIn) await actAsMember(page);
    if (check.expectedErrors) session.allowConsoleErrors(...check.expectedErrors);
    await page.goto(check.path());
    // Every page names itself with an h1 (the heading the focus moves to); a member's page shown to
    // a visitor is the sign-in page.
    await page.locator('main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await wcagViolations(page)).toEqual([]);
    // Every route names its page in the title, before the product's name (ADR 0053).
    expect(await page.title()).toMatch(/^\S.* · TradeCert$/);
    // The main actions are at least 44 × 44 px, for a thumb in a work glove (PRODUCT.md, States).
    expect(await smallMainActions(page)).toEqual([]);
  });
});

/** What a page shows after the user does something: open menus and dialogs, errors, notifications. */
type StateCheck = Omit<Check, 'heading'> & {
  /** The page's level-1 heading, when the state to check comes after the page has loaded. */
  heading?: string | RegExp;
  /** Runs before the page opens, e.g. to hold or break a request. */
  prepare?: (page: Page) => Promise<unknown>;
  /** Who is signed in; nobody unless told. */
  member?: 'premium' | 'free';
  phone?: boolean;
  /** Brings the page into the state to check, and waits until it shows. */
  act: (page: Page) => Promise<unknown>;
};

const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/** The lazily loaded code of the home page. */
const HOME_PAGE_CHUNK = /\/assets\/HomePage-.*\.js$/;

const states: Array<[name: string, StateCheck]> = [
  [
    'a page still loading',
    {
      path: '/',
      // Held until the check is done, so the page stays on its loading indicator.
      prepare: (page) => page.route(HOME_PAGE_CHUNK, () => new Promise<void>(() => {})),
      act: (page) => page.getByText('Loading application...').waitFor(),
    },
  ],
  [
    'the error screen of a page that failed to load',
    {
      path: '/',
      expectedErrors: [/Failed to load resource/, /Failed to fetch dynamically imported module/],
      prepare: (page) => page.route(HOME_PAGE_CHUNK, (route) => route.abort()),
      act: (page) => page.getByRole('heading', { level: 1, name: 'Something went wrong' }).waitFor(),
    },
  ],
  [
    'the application error screen',
    {
      path: '/',
      member: 'premium',
      phone: true,
      expectedErrors: [/Failed to load resource/, /Failed to fetch dynamically imported module/],
      // The member actions load outside any page, so their failure reaches the router's error screen.
      prepare: (page) => page.route(/\/assets\/MemberActions-.*\.js$/, (route) => route.abort()),
      act: (page) => page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }).waitFor(),
    },
  ],
  [
    'the skip link, focused',
    {
      path: '/login',
      heading: 'Sign in',
      act: async (page) => {
        await page.keyboard.press('Tab');
        await page.getByRole('link', { name: 'Skip to content' }).evaluate((link) => {
          if (link !== document.activeElement) throw new Error('the skip link is not the first stop');
        });
      },
    },
  ],
  [
    'the open menu of a visitor on a phone',
    {
      path: '/',
      heading: /Compliance certificates for trades/,
      phone: true,
      act: async (page) => {
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
      },
    },
  ],
  [
    'the open More of a member on a phone',
    {
      path: '/certificates',
      heading: 'Certificates',
      member: 'premium',
      phone: true,
      act: async (page) => {
        const tabs = page.getByRole('navigation', { name: 'Tabs' });
        await tabs.getByRole('button', { name: 'More' }).click();
        await tabs.getByRole('button', { name: 'Sign out' }).waitFor();
      },
    },
  ],
  [
    'sign-in with empty fields, then a wrong password',
    {
      path: '/login',
      heading: 'Sign in',
      // 400: wrong password; 429 when the suite's sign-ins from this IP hit the limit. Either way the form shows an alert.
      expectedErrors: [/status of (400|429)/],
      act: async (page) => {
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await page.getByLabel('Email').and(page.locator('[aria-invalid="true"]')).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByLabel('Email').fill('nobody-a11y@example.com');
        await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await page.getByRole('main').getByRole('alert').waitFor();
      },
    },
  ],
  [
    'registration with empty fields',
    {
      path: '/register',
      heading: 'Create your account',
      act: async (page) => {
        await page.getByRole('button', { name: 'Create account', exact: true }).click();
        await page.getByLabel('Email').and(page.locator('[aria-invalid="true"]')).waitFor();
      },
    },
  ],
  [
    'a new certificate completed with fields missing',
    {
      path: '/certificates/new',
      heading: 'New certificate',
      member: 'premium',
      act: async (page) => {
        await page.getByLabel('Job site address').fill('');
        await page.getByRole('button', { name: 'Save as completed' }).click();
        await page.getByText('Choose at least one standard.').waitFor();
      },
    },
  ],
  [
    'a certificate completed with checklist items not recorded, on a phone',
    {
      path: '/certificates/new',
      heading: 'New certificate',
      member: 'premium',
      phone: true,
      act: async (page) => {
        await fillJobDetails(page, '7 Tile St, Newtown NSW 2042');
        await page.getByRole('button', { name: 'Add checklist' }).click();
        await page.getByRole('button', { name: 'Save as completed' }).click();
        await page.getByRole('dialog', { name: '20 items not recorded' }).waitFor();
      },
    },
  ],
  [
    'a wrong current password when changing the password',
    {
      path: '/auth/update-password',
      heading: 'Set a new password',
      member: 'premium',
      phone: true,
      expectedErrors: [/status of 400/],
      // The server's answer, without changing the member's password (or spending its rate limit).
      prepare: (page) =>
        page.route('**/api/auth/user', (route) =>
          route.request().method() === 'PUT'
            ? route.fulfill({
                status: 400,
                contentType: 'application/json',
                body: JSON.stringify({
                  error: {
                    code: errorCodes.currentPasswordIncorrect,
                    message: authErrorMessages.currentPasswordIncorrect,
                  },
                }),
              })
            : route.continue(),
        ),
      act: async (page) => {
        await page.getByLabel('Current password').fill('not-my-password');
        await page.getByLabel('New password', { exact: true }).fill('velvet-anchor-meadow-58');
        await page.getByRole('button', { name: 'Save new password' }).click();
        await page.getByLabel('Current password').and(page.locator('[aria-invalid="true"]')).waitFor();
      },
    },
  ],
  [
    'a password reset link opened in another browser',
    {
      path: '/auth/callback?code=a11y-recovery-code&type=recovery',
      phone: true,
      expectedErrors: [/status of 400/],
      prepare: (page) =>
        page.route('**/api/auth/verify', (route) =>
          route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              error: { code: errorCodes.recoveryLinkOtherBrowser, message: authErrorMessages.recoveryLinkOtherBrowser },
            }),
          }),
        ),
      act: async (page) => {
        await page.getByRole('heading', { level: 1, name: 'Open this link on the device that asked for it' }).waitFor();
        await page.getByRole('button', { name: 'Send a new link to this device' }).click();
        await page.getByLabel('Email').and(page.locator('[aria-invalid="true"]')).waitFor();
      },
    },
  ],
  [
    'the delete confirmation',
    {
      path: () => `/certificates/${certificateId}`,
      heading: 'Certificate of compliance',
      member: 'premium',
      act: async (page) => {
        await page.getByRole('button', { name: 'Delete', exact: true }).click();
        await page.getByRole('dialog', { name: 'Delete this certificate?' }).waitFor();
      },
    },
  ],
  [
    'the locked Premium actions of a free-plan member',
    {
      path: () => `/certificates/${freeCertificateId}`,
      heading: 'Certificate of compliance',
      member: 'free',
      act: async (page) => {
        await page.getByRole('link', { name: 'Delete (Premium: see the plans)' }).waitFor();
        await page.getByText('Editing and deleting certificates come with Premium.').waitFor();
      },
    },
  ],
  [
    'the share link shown where the clipboard is refused',
    {
      path: () => `/certificates/${certificateId}`,
      heading: 'Certificate of compliance',
      member: 'premium',
      act: async (page) => {
        await page.evaluate(() => {
          // No clipboard, as on an insecure origin: the page shows the link to copy by hand.
          Object.defineProperty(navigator, 'clipboard', { value: undefined });
        });
        await page.getByRole('button', { name: 'Copy link' }).click();
        await page.getByLabel('Link to share').waitFor();
      },
    },
  ],
  [
    'the checklist template builder, a measured value chosen, on a phone',
    {
      path: '/compliance',
      heading: 'Compliance',
      member: 'premium',
      phone: true,
      act: async (page) => {
        await page.getByRole('button', { name: 'New template' }).click();
        const builder = page.getByRole('form', { name: 'New template' });
        await builder.getByLabel('Kind').selectOption({ label: 'Measured value' });
        await builder.getByLabel('Steepest 1:').waitFor();
        await builder.getByRole('button', { name: 'Save template' }).click();
        await builder.getByRole('alert').waitFor();
      },
    },
  ],
  [
    'the premium notice of a free-plan member on /compliance',
    {
      path: '/compliance',
      heading: 'Compliance',
      member: 'free',
      act: (page) => page.getByRole('link', { name: 'See Premium' }).waitFor(),
    },
  ],
  [
    'the photo viewer',
    {
      path: '/gallery',
      heading: 'Photo gallery',
      member: 'premium',
      act: async (page) => {
        await page.getByRole('button', { name: 'View full size: Shower recess before membrane' }).click();
        await page.getByRole('dialog', { name: 'Shower recess before membrane' }).waitFor();
        await imagesLoaded(page);
      },
    },
  ],
  [
    'a notification',
    {
      path: '/profile',
      heading: 'Company profile',
      member: 'premium',
      act: async (page) => {
        await expect.poll(() => page.getByLabel('Company name').inputValue()).toBe('Dry Wet Areas Pty Ltd');
        await page.getByRole('button', { name: 'Save profile' }).click();
        await notifications(page).getByText('Profile saved', { exact: true }).waitFor();
      },
    },
  ],
  [
    'the answer to "Create bundle"',
    {
      path: '/bundles',
      heading: 'Document bundles',
      member: 'premium',
      expectedErrors: [/status of 403/],
      act: async (page) => {
        await page.getByRole('button', { name: 'Create bundle' }).click();
        await notifications(page).getByText('Bundle not created', { exact: true }).waitFor();
      },
    },
  ],
  [
    'an error notification',
    {
      path: `/certificates/edit/${UNKNOWN_CERTIFICATE}`,
      heading: 'Certificate not found',
      member: 'premium',
      expectedErrors: [/status of 404/],
      act: (page) => notifications(page).getByText('Certificate not found', { exact: true }).waitFor(),
    },
  ],
];

describe.each([
  ['light', false],
  ['dark', true],
])('after an action, %s theme', (_theme, dark) => {
  it.each(states)('%s has no serious or critical violations', async (_name, check) => {
    const { page } = session;
    if (check.expectedErrors) session.allowConsoleErrors(...check.expectedErrors);
    if (check.phone) await page.setViewportSize({ width: 375, height: 740 });
    if (check.member) await actAsMember(page, check.member === 'free' ? freeMember : member);
    if (dark) await useDarkTheme(page);
    await check.prepare?.(page);
    await page.goto(pathOf(check));
    if (check.heading) {
      await page.getByRole('heading', { level: 1, name: check.heading }).waitFor();
      await page.waitForLoadState('networkidle');
    }
    await check.act(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
