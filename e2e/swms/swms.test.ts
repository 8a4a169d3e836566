import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readySwmsBody } from '../../apps/server/test/support/swms.ts';
import { useBrowser } from '../support/browser.ts';
import { createMember, memberApi, signIn } from '../support/members.ts';
import { openSwmsSection } from '../support/swms-editor.ts';

const session = useBrowser({ viewport: { width: 375, height: 740 } });
const run = promisify(execFile);
const swmsPage = /\/swms\/[0-9a-f-]{36}$/;

describe('SWMS at 375 px', () => {
  it('builds a SWMS from the waterproofing starter, adds a step, attaches a cover sheet and downloads the PDF', async () => {
    const { page } = session;
    const member = await createMember('swms', { profile: { company_name: 'Dry Wet Areas Pty Ltd' } });
    await signIn(page, member);

    await page.goto('/swms');
    await page.getByRole('heading', { level: 1, name: 'Safe Work Method Statements' }).waitFor();
    await page.getByLabel('Start from').selectOption('starter:waterproofing');
    await page.getByRole('button', { name: 'Create SWMS' }).click();
    await page.waitForURL(swmsPage);
    await page.getByRole('heading', { level: 1, name: /^SWMS SWMS-\d{4}-0001$/ }).waitFor();
    await expect
      .poll(() => page.getByLabel('Title').inputValue())
      .toBe('Waterproofing: internal wet areas and balcony membranes');

    // One section at a time, with where the user is, and the section in the URL.
    await page.getByText('Section 1 of 6:').waitFor();
    await page.getByLabel('Project / work location').fill('12 Harbour St, Sydney NSW 2000');
    await page.getByLabel('Person responsible for compliance').fill('Sam Supervisor');
    await page.getByRole('button', { name: 'Next: High-risk work' }).click();
    await page.getByRole('heading', { level: 2, name: /Section 2 of 6:\s*High-risk work/ }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/High-risk work/);
    expect(new URL(page.url()).searchParams.get('section')).toBe('hrcw');
    await page.getByLabel('On or near energised electrical installations or services').check();
    // The ticked box is the brand's colour, 24 px, and stays put when its label wraps.
    const box = page.getByLabel('On or near energised electrical installations or services');
    expect(await box.evaluate((element) => getComputedStyle(element).accentColor)).toBe('rgb(15, 118, 110)');
    expect((await box.boundingBox())?.width).toBe(24);
    await page.getByRole('button', { name: 'Next: Job steps' }).click();
    await page.getByRole('heading', { level: 2, name: /Section 3 of 6:\s*Job steps/ }).waitFor();

    // A new step opens in its own editor.
    await page.getByRole('button', { name: 'Add a step' }).click();
    const step = page.getByRole('group', { name: 'Step 7' });
    await step.getByLabel('Job step').fill('Seal the balcony drain puddle flange');
    await step.getByLabel('Hazards').fill('Cuts from the flange edge');
    await step.getByLabel('Initial risk likelihood').selectOption('likely');
    await step.getByLabel('Initial risk consequence').selectOption('moderate');
    await step.getByText('High risk').waitFor();
    await step.getByRole('button', { name: 'Add control' }).click();
    await step.getByLabel('Control 1 type').selectOption('ppe');
    // A control measure is a text area that grows with a long sentence.
    const control = step.getByLabel('Control 1', { exact: true });
    await control.fill('Cut-resistant gloves (level C)');
    const oneLine = (await control.boundingBox())?.height ?? 0;
    await control.fill(
      'Cut-resistant gloves (level C) worn while the flange is handled, and the cut edges deburred with a file before the membrane is laid over them',
    );
    await expect.poll(async () => (await control.boundingBox())?.height ?? 0).toBeGreaterThan(oneLine);
    await control.fill('Cut-resistant gloves (level C)');
    // A residual risk above the initial one warns.
    await step.getByLabel('Residual risk likelihood').selectOption('almost_certain');
    await step.getByLabel('Residual risk consequence').selectOption('catastrophic');
    await step.getByText('The residual risk is higher than the initial risk.').waitFor();
    await step.getByLabel('Residual risk likelihood').selectOption('unlikely');
    await step.getByLabel('Residual risk consequence').selectOption('minor');
    await step.getByText('Low risk').waitFor();
    expect(await step.getByText('The residual risk is higher than the initial risk.').count()).toBe(0);
    await step.getByLabel('Person responsible').fill('Applicator');
    await page.getByRole('button', { name: 'Back to all steps' }).click();

    // Step 2 in its own editor, then moved up in the list: one-handed, no dragging.
    await page.getByRole('button', { name: 'Edit step 2' }).click();
    const second = await page.getByRole('group', { name: 'Step 2' }).getByLabel('Job step').inputValue();
    expect(await page.getByRole('group', { name: 'Step 1' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Back to all steps' }).click();
    await page.getByRole('button', { name: 'Move step 2 up' }).click();
    await page.getByRole('button', { name: 'Move step 7 up' }).click();
    await page.getByRole('button', { name: 'Edit step 1' }).click();
    await expect
      .poll(() => page.getByRole('group', { name: 'Step 1' }).getByLabel('Job step').inputValue())
      .toBe(second);
    await page.getByRole('button', { name: 'Back to all steps' }).click();
    await page.getByRole('button', { name: 'Edit step 6' }).click();
    await expect
      .poll(() => page.getByRole('group', { name: 'Step 6' }).getByLabel('Job step').inputValue())
      .toBe('Seal the balcony drain puddle flange');
    await page.getByRole('button', { name: 'Back to all steps' }).click();
    // Removing a step with content asks first; an empty one goes at once.
    await page.getByRole('button', { name: 'Remove step 7' }).click();
    await page.getByRole('dialog', { name: 'Remove step 7?' }).getByRole('button', { name: 'Keep the step' }).click();
    await page.getByRole('button', { name: 'Edit step 7' }).waitFor();
    await page.getByRole('button', { name: 'Add a step' }).click();
    await page.getByRole('button', { name: 'Back to all steps' }).click();
    await page.getByRole('button', { name: 'Remove step 8' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Edit step 8' }).count()).toBe(0);
    await page.getByText('All changes saved.').waitFor();

    // Autosaved: a reload shows the last saved state, in the same section.
    await page.reload();
    await page.getByRole('heading', { level: 2, name: /Section 3 of 6:\s*Job steps/ }).waitFor();
    await page.getByRole('button', { name: 'Edit step 6' }).click();
    await expect
      .poll(() => page.getByRole('group', { name: 'Step 6' }).getByLabel('Job step').inputValue())
      .toBe('Seal the balcony drain puddle flange');
    await openSwmsSection(page, 'High-risk work');
    expect(await page.getByLabel('On or near energised electrical installations or services').isChecked()).toBe(true);
    await openSwmsSection(page, 'Review');
    // One "Send for signing", in the signing panel.
    expect(await page.getByRole('heading', { name: 'Send for signing' }).count()).toBeLessThanOrEqual(1);
    const swmsUrl = page.url();

    await page.getByRole('button', { name: 'Create a cover sheet for this SWMS' }).click();
    await page.waitForURL(/\/swms\/cover-sheet\/edit\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByLabel('Business name').inputValue()).toBe('Dry Wet Areas Pty Ltd');
    await page.getByLabel('Principal contractor').fill('Harbourside Builders Pty Ltd');
    await page.getByLabel('Project name').fill('The Quay Residences');
    // Two lines, kept as two (a one-line field would join them: "…RoadGranville").
    await page.getByLabel('Business address').fill('12 Parramatta Road\nGranville NSW 2142');
    await page.getByText('All changes saved.').waitFor();

    await page.goto(swmsUrl);
    await page.getByRole('heading', { level: 1, name: /^SWMS SWMS-/ }).waitFor();
    await page.getByRole('heading', { level: 2, name: /Section 6 of 6:\s*Review/ }).waitFor();
    const downloadStarted = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const download = await downloadStarted;
    expect(download.suggestedFilename()).toMatch(/^SWMS-\d{4}-0001-v1\.pdf$/);
    const directory = await mkdtemp(path.join(tmpdir(), 'tradecert-e2e-swms-'));
    try {
      const file = path.join(directory, 'swms.pdf');
      await download.saveAs(file);
      const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
      const text = stdout.replace(/\s+/g, ' ');
      expect(text).toContain('Seal the balcony drain');
      expect(text).toContain('Cut-resistant gloves');
      expect(text).toContain('On or near energised electrical installations or services');
      expect(text).toContain('Harbourside Builders Pty Ltd');
      expect(text).toContain('12 Parramatta Road Granville NSW 2142');
      // The ratings are printed as words in the coloured cells.
      expect(text).toMatch(/HIGH Likely × Moderate|HIGH .*Likely ×/);
      expect(text).toContain('LOW');
      expect(text).toContain('Worker sign-on register');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }

    // Printed with its QR code, version 1 is issued: the next change starts version 2, once confirmed.
    await page
      .getByText('Version 1 was printed or sent and is kept as issued. Your next change starts version 2.')
      .waitFor();
    await openSwmsSection(page, 'Details');
    await page.getByLabel('Project / work location').fill('12 Harbour St, Sydney NSW 2000 (level 3)');
    await page.getByRole('button', { name: 'Start version 2' }).click();
    await page.getByText('All changes saved.').waitFor();
    await openSwmsSection(page, 'Review');
    await page.getByText('Version 2 (current)', { exact: true }).waitFor();
  });

  it("starts a new SWMS from one of the member's own templates", async () => {
    const { page } = session;
    const member = await createMember('swms-from-template');
    const source = await memberApi<{ id: string; revision: number }>(member, 'POST', '/api/swms', {});
    await memberApi(member, 'PUT', `/api/swms/${source.id}`, {
      revision: source.revision,
      body: { ...readySwmsBody(), title: 'Our balcony method' },
      is_template: true,
    });
    await signIn(page, member);
    await page.goto('/swms');
    await page.getByLabel('Start from').selectOption({ label: 'Our balcony method' });
    await page.getByRole('button', { name: 'Create SWMS' }).click();
    await page.waitForURL((url) => /^\/swms\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(source.id));
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Our balcony method');
  });

  it('keeps the job step being edited in the URL, so a reload or Back returns to it', async () => {
    const { page } = session;
    const member = await createMember('swms-step-url');
    const swms = await memberApi<{ id: string; body: { steps: Array<{ description: string }> } }>(
      member,
      'POST',
      '/api/swms',
      { starter: 'waterproofing' },
    );
    const third = swms.body.steps[2]?.description ?? '';
    expect(third).not.toBe('');
    await signIn(page, member);
    await page.goto(`/swms/${swms.id}?section=steps`);
    await page.getByRole('button', { name: 'Edit step 3' }).click();
    const stepThree = page.getByRole('group', { name: 'Step 3' });
    await expect.poll(() => stepThree.getByLabel('Job step').inputValue()).toBe(third);
    const url = new URL(page.url());
    expect([url.searchParams.get('section'), url.searchParams.get('step')]).toEqual(['steps', '3']);

    // A reload opens the same step's editor, not the list.
    await page.reload();
    await expect.poll(() => stepThree.getByLabel('Job step').inputValue()).toBe(third);
    expect(await page.getByRole('button', { name: 'Edit step 1' }).count()).toBe(0);

    // Away to another section and Back: the step again. Back once more: the list of steps.
    await openSwmsSection(page, 'PPE and plant');
    expect(new URL(page.url()).searchParams.get('step')).toBeNull();
    await page.goBack();
    await expect.poll(() => stepThree.getByLabel('Job step').inputValue()).toBe(third);
    await page.getByRole('button', { name: 'Next step' }).click();
    await page.getByRole('group', { name: 'Step 4' }).waitFor();
    expect(new URL(page.url()).searchParams.get('step')).toBe('4');
    await page.getByRole('button', { name: 'Back to all steps' }).click();
    await page.getByRole('button', { name: 'Edit step 4' }).waitFor();
    expect(new URL(page.url()).searchParams.get('step')).toBeNull();
    await page.goBack();
    await page.getByRole('group', { name: 'Step 4' }).waitFor();
  });

  it('refuses a stale save from a second tab and offers the latest version', async () => {
    const { page } = session;
    session.allowConsoleErrors(/status of 409/);
    const member = await createMember('swms-conflict');
    const swms = await memberApi<{ id: string }>(member, 'POST', '/api/swms', {});
    await signIn(page, member);
    await page.goto(`/swms/${swms.id}`);
    await page.getByLabel('Title').waitFor();
    // Another device saves first.
    const current = await memberApi<{ revision: number; body: object }>(member, 'GET', `/api/swms/${swms.id}`);
    await memberApi(member, 'PUT', `/api/swms/${swms.id}`, {
      revision: current.revision,
      body: { ...current.body, title: 'Saved on the phone' },
    });
    await page.getByLabel('Title').fill('Typed on the laptop');
    await page.getByText(/changed on another device or tab/).waitFor();
    await page.getByRole('button', { name: 'Load the latest version' }).click();
    // What was typed here is not lost: both versions side by side, and the user keeps one.
    const choice = page.getByRole('region', { name: 'Changed on another device' });
    await choice.getByText('Typed on the laptop').waitFor();
    await choice.getByText('Saved on the phone').waitFor();
    await choice.getByRole('button', { name: 'Keep the other version' }).click();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Saved on the phone');
  });

  it('keeps typing the server never got through a reload, and if the SWMS changed meanwhile, lets the user keep theirs', async () => {
    const { page } = session;
    session.allowConsoleErrors(/Failed to load resource|status of 5\d\d/);
    const member = await createMember('swms-kept');
    const swms = await memberApi<{ id: string }>(member, 'POST', '/api/swms', {});
    await signIn(page, member);
    await page.goto(`/swms/${swms.id}`);
    // The server cannot be reached as the user types.
    await page.route(`**/api/swms/${swms.id}`, (route) =>
      route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.getByLabel('Title').fill('Typed with no signal');
    await page.getByText(/kept on this phone, and saved when the connection is back/).waitFor();
    // Meanwhile the office saves the SWMS from another device.
    const current = await memberApi<{ revision: number; body: object }>(member, 'GET', `/api/swms/${swms.id}`);
    await memberApi(member, 'PUT', `/api/swms/${swms.id}`, {
      revision: current.revision,
      body: { ...current.body, title: 'Saved at the office', scope_of_work: 'Tanking to lift pit' },
    });
    await page.unroute(`**/api/swms/${swms.id}`);

    await page.reload();
    const choice = page.getByRole('region', { name: 'Changed on another device' });
    await choice.getByText('Typed with no signal').waitFor();
    await choice.getByText('Saved at the office').waitFor();
    await choice.getByRole('button', { name: 'Keep my version' }).click();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Typed with no signal');
    await expect
      .poll(
        async () => (await memberApi<{ body: { title: string } }>(member, 'GET', `/api/swms/${swms.id}`)).body.title,
      )
      .toBe('Typed with no signal');
  });
});
