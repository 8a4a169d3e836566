import { it } from 'vitest';
import { uniqueEmail } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { waitForSigningLink } from './support/mail.ts';
import { createCompletedCertificate, createMember, memberApi } from './support/members.ts';
import { gzippedKilobytes, recordScripts } from './support/script-weight.ts';

const session = useBrowser({ viewport: { width: 375, height: 740 } });

it('probe', async () => {
  const member = await createMember('probe', { profile: { company_name: 'Probe' } });
  const certificate = await createCompletedCertificate(member, '77 Ocean St, Bondi');
  const email = uniqueEmail('probe-signer');
  const since = Date.now();
  await memberApi(member, 'POST', `/api/signing/documents/certificate/${certificate.id}/requests`, {
    signers: [{ name: 'Alex', email }],
  });
  const link = await waitForSigningLink(email, { since });
  for (const path of ['/', '/login', `/certificates/${certificate.id}`, link]) {
    const page = await (await session.newContext()).newPage();
    const scripts = recordScripts(page);
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    console.log('WEIGHT', path.slice(0, 30), (await gzippedKilobytes(scripts)).toFixed(2));
  }
});
