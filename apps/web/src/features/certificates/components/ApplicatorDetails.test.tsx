import type { ApplicatorBlock } from '@app/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApplicatorDetails } from './ApplicatorDetails.tsx';

const soloBlock: ApplicatorBlock = {
  company_name: 'Harbour Waterproofing Pty Ltd',
  company_address: null,
  company_phone: null,
  company_email: null,
  company_abn: '51824753556',
  licence_number: null,
  applicator_name: 'Kim Lê',
  logo_url: null,
  signature_url: null,
};

// No DOM in the unit project: the markup is checked as a string.
describe('the applicator block of a certificate', () => {
  it('says who issued it for the business when the block names the member', () => {
    const markup = renderToStaticMarkup(<ApplicatorDetails applicator={{ ...soloBlock, issued_by: 'Kim Lê' }} />);
    expect(markup).toContain('<p>Issued by Kim Lê for Harbour Waterproofing Pty Ltd</p>');
    expect(markup).toContain('51 824 753 556');
  });

  it("says nothing of it for a one-person business's certificate", () => {
    const markup = renderToStaticMarkup(<ApplicatorDetails applicator={soloBlock} />);
    expect(markup).toContain('Kim Lê');
    expect(markup).not.toContain('Issued by');
  });
});
