import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signaturePng } from '../../apps/server/test/support/signing.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { waitForSigningLink } from '../support/mail.ts';
import { createMember, type Member, memberApi, signIn, uploadCertificatePhoto } from '../support/members.ts';

/*
 * Names and addresses in any script on the web pages builders and signers read (ADR 0059): a
 * right-to-left name set inline with left-to-right words and separators is isolated, so the
 * separator and what follows stay where they were written, and nothing pushes the page sideways.
 */

const session = useBrowser({ viewport: { width: 375, height: 740 } });

const company = 'شركة العزل المائي';
const applicator = 'רונית כהן';
const companyEmail = 'office@example.com';
const address = '東京都港区 1-2-3';
const material = 'Hydrabond 300 💧, Ardex, Class III polyurethane, batch B12, 2 coats';
const signerName = 'अनिल कुमार';
const verifierName = 'יעל לוי';
const photoCaption = 'الحمام، الطبقة الثانية';
const signerRole = 'בונה';
const signerCompany = 'شركة البناء 2';

let owner: Member;
let certificateId: string;
let signerEmail: string;
let signLink: string;
let declineLink: string;
let verifierLink: string;

/**
 * Where `text` stands on the page: for each text node holding it, whether its nearest isolating
 * ancestor (a <bdi>, dir="auto", or unicode-bidi isolate/plaintext: Chromium isolates every block)
 * holds exactly that text, and whether that ancestor reads right to left.
 */
const placesOf = (page: Page, text: string) =>
  page.evaluate((text) => {
    const isolating = (element: Element) =>
      element.tagName === 'BDI' ||
      element.getAttribute('dir') === 'auto' ||
      ['isolate', 'isolate-override', 'plaintext'].includes(getComputedStyle(element).unicodeBidi);
    const places: Array<{ isolatedAlone: boolean; rightToLeft: boolean; holder: string }> = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.includes(text)) continue;
      let element = node.parentElement;
      while (element && !isolating(element)) element = element.parentElement;
      places.push({
        isolatedAlone: element?.textContent?.trim() === text,
        rightToLeft: element?.matches(':dir(rtl)') ?? false,
        holder: element ? `${element.tagName.toLowerCase()}: ${element.textContent}` : 'none',
      });
    }
    return places;
  }, text);

/** A text whose first letter is Hebrew or Arabic: the direction its own element should take. */
const startsRightToLeft = (text: string) => /^[\u0590-\u08ff]/.test(text);

/**
 * Each text appears on the page intact; everywhere it appears it is isolated on its own, in the
 * direction of its first letter (so a Hebrew name's trailing number or full stop stays at its end).
 */
async function expectIsolated(page: Page, texts: string[]) {
  for (const text of texts) {
    const places = await placesOf(page, text);
    expect(places.length, `"${text}" is on the page`).toBeGreaterThan(0);
    for (const place of places) {
      expect(place, `"${text}" is isolated`).toMatchObject({
        isolatedAlone: true,
        rightToLeft: startsRightToLeft(text),
      });
    }
  }
}

const fitsTheWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

async function phone() {
  const context = await session.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: 375, height: 740 });
  return page;
}

beforeAll(async () => {
  owner = await createMember('any-script', {
    profile: { company_name: company, applicator_name: applicator, company_email: companyEmail },
  });
  const certificate = await memberApi<{ id: string }>(owner, 'POST', '/api/certificates', {
    user_id: owner.userId,
    standards: ['AS 3740-2021'],
    job_site_address: address,
    installation_date: '2026-11-20',
    areas: 'Ensuite: shower recess and floor',
    photos: [{ file_id: await uploadCertificatePhoto(owner), caption: photoCaption }],
    materials: [
      { product: 'Hydrabond 300 💧', brand: 'Ardex', type_class: 'Class III polyurethane', batch: 'B12', coats: 2 },
    ],
    status: 'completed',
  });
  certificateId = certificate.id;
  signerEmail = uniqueEmail('any-script-builder');
  const declinerEmail = uniqueEmail('any-script-certifier');
  const verifierEmail = uniqueEmail('any-script-verifier');
  const since = Date.now();
  await memberApi(owner, 'POST', `/api/signing/documents/certificate/${certificateId}/requests`, {
    signers: [
      { name: signerName, email: signerEmail, role: signerRole, company: signerCompany },
      { name: 'Blair Certifier', email: declinerEmail },
      { name: verifierName, email: verifierEmail, company: signerCompany },
    ],
  });
  signLink = await waitForSigningLink(signerEmail, { since });
  declineLink = await waitForSigningLink(declinerEmail, { since });
  verifierLink = await waitForSigningLink(verifierEmail, { since });
});

describe('names in any script on the web pages', () => {
  it("the owner's signing panel and dashboard keep a Hindi signer's name apart from the role, company and email", async () => {
    const { page } = session;
    await signIn(page, owner);
    await page.goto(`/certificates/${certificateId}`);
    const panel = page.getByRole('region', { name: 'Signatures' });
    await panel.getByText('Pending', { exact: true }).first().waitFor();
    await expectIsolated(page, [signerName, signerRole, signerCompany, signerEmail, company, applicator, address]);
    expect(await fitsTheWidth(page)).toBe(true);

    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByText(signerName).first().waitFor();
    await expectIsolated(page, [signerName, address]);
    expect(await fitsTheWidth(page)).toBe(true);
  });

  it('the share page shows an Arabic company, a Hebrew applicator, a Japanese address, an emoji and an Arabic photo caption intact and isolated', async () => {
    const visitor = await phone();
    await visitor.goto(`/certificates/${certificateId}`);
    await visitor.getByRole('heading', { level: 1, name: 'Certificate of compliance' }).waitFor();
    await visitor.getByText(material).waitFor();
    await visitor.waitForLoadState('networkidle');
    await expectIsolated(visitor, [company, applicator, companyEmail, address, material, photoCaption]);
    expect(await fitsTheWidth(visitor)).toBe(true);
    expect(await seriousViolations(visitor)).toEqual([]);
  });

  it('the signing page keeps the sender line in written order, fits 375 px, and still does at 200% text', async () => {
    const signer = await phone();
    await signer.goto(signLink);
    await signer.getByRole('heading', { level: 1, name: 'Sign document' }).waitFor();
    await signer.waitForLoadState('networkidle');
    await expectIsolated(signer, [company, applicator, companyEmail, address, photoCaption]);
    expect(await signer.getByText(`From ${company}`).count()).toBe(1);

    // "רונית כהן · office@example.com": the name, then the separator, then the email, left to right.
    const order = await signer.getByRole('link', { name: companyEmail }).evaluate((link) => {
      const line = link.closest('p');
      const pieces = line ? [...line.querySelectorAll('bdi')] : [];
      const separator = [...(line?.childNodes ?? [])].find((node) => node.nodeType === Node.TEXT_NODE);
      const range = document.createRange();
      if (separator) range.selectNodeContents(separator);
      const boxes = [pieces[0], range, pieces[1]].map((piece) => piece?.getBoundingClientRect());
      return {
        separator: separator?.textContent,
        lefts: boxes.map((box) => box?.left ?? Number.NaN),
        tops: boxes.map((box) => box?.top ?? Number.NaN),
      };
    });
    expect(order.separator).toBe(' · ');
    expect(new Set(order.tops).size, 'the sender line is one line at 375 px').toBe(1);
    const [nameLeft = 0, separatorLeft = 0, emailLeft = 0] = order.lefts;
    expect(nameLeft).toBeLessThan(separatorLeft);
    expect(separatorLeft).toBeLessThan(emailLeft);

    expect(await fitsTheWidth(signer)).toBe(true);
    expect(await seriousViolations(signer)).toEqual([]);

    await signer.evaluate(() => {
      document.documentElement.style.fontSize = '200%';
    });
    expect(await fitsTheWidth(signer)).toBe(true);
  });

  it('the outcome of declining names the Arabic company apart from the sentence around it', async () => {
    const decliner = await phone();
    await decliner.goto(declineLink);
    await decliner.getByRole('button', { name: 'Decline' }).click();
    await decliner.getByLabel('Why do you decline to sign?').fill('התאריך שגוי.');
    await decliner.getByRole('button', { name: 'Decline to sign' }).click();
    await decliner.getByRole('heading', { level: 1, name: 'You declined to sign' }).waitFor();
    await decliner.getByText(`${company} can see your reason.`, { exact: false }).waitFor();
    await expectIsolated(decliner, [company]);
    expect(await fitsTheWidth(decliner)).toBe(true);
  });

  it('the verify page lists a Hebrew signer and an Arabic company ending in a digit before " · signed"', async () => {
    const signed = await fetch(`${session.baseUrl}/api${verifierLink}/sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: verifierName,
        read_confirmed: true,
        signature_png: await signaturePng(),
        method: 'drawn',
      }),
    });
    expect(signed.status).toBe(200);

    const builder = await phone();
    await builder.goto(`/verify/certificate/${certificateId}/1`);
    await builder.getByText('Signatures on this version').waitFor();
    const line = builder.getByRole('listitem').filter({ hasText: verifierName });
    expect(await line.textContent()).toMatch(
      new RegExp(`^${verifierName}, ${signerCompany} · signed \\d{1,2} \\w+ \\d{4}$`),
    );
    await expectIsolated(builder, [verifierName, signerCompany, company]);
    expect(await fitsTheWidth(builder)).toBe(true);
    expect(await seriousViolations(builder)).toEqual([]);
  });
});
