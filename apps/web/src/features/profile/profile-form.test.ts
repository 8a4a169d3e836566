import { INVALID_ABN_MESSAGE, type Profile, profileTextFields } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { basicProfile } from '../../lib/profile/basic-profile.ts';
import { profileChanges, profileFormValues, profileProblems } from './profile-form.ts';

const profile: Profile = {
  ...basicProfile({ id: 'user-1', email: 'owner@example.com', created_at: '2026-01-01T00:00:00.000Z' }),
  company_name: 'Dry Wet Areas Pty Ltd',
  company_phone: '0400 000 000',
  company_abn: '51824753556',
  time_zone: 'Australia/Perth',
};

describe('profileFormValues', () => {
  it('shows empty text for missing fields and a printed ABN', () => {
    expect(profileFormValues(profile)).toEqual({
      company_name: 'Dry Wet Areas Pty Ltd',
      company_address: '',
      company_email: '',
      company_phone: '0400 000 000',
      company_abn: '51 824 753 556',
      licence_number: '',
      applicator_name: '',
      time_zone: 'Australia/Perth',
    });
  });
});

describe('profileChanges', () => {
  const saved = profileFormValues(profile);

  it('sends only the fields changed, trimmed, limited to the fields asked for', () => {
    const edited = { ...saved, company_name: '  New Name Pty Ltd ', licence_number: 'L-123', company_email: 'x@y.z' };
    expect(profileChanges(saved, edited, ['company_name', 'licence_number'])).toEqual({
      company_name: 'New Name Pty Ltd',
      licence_number: 'L-123',
    });
  });

  it('sends a cleared field as empty text, which clears it', () => {
    expect(profileChanges(saved, { ...saved, company_phone: '  ' }, profileTextFields)).toEqual({ company_phone: '' });
  });

  it('sees the same ABN with other spacing as no change', () => {
    expect(profileChanges(saved, { ...saved, company_abn: '51824753556' }, profileTextFields)).toEqual({});
  });

  it('is empty when nothing changed', () => {
    expect(profileChanges(saved, { ...saved, company_name: `${saved.company_name} ` }, profileTextFields)).toEqual({});
  });
});

describe('profileProblems', () => {
  it('accepts a valid update', () => {
    expect(profileProblems({ company_abn: '51 824 753 556', company_email: 'office@example.com' })).toEqual({});
  });

  it('rejects an ABN that fails the checksum with the contract message', () => {
    expect(profileProblems({ company_abn: '51 824 753 557' })).toEqual({ company_abn: INVALID_ABN_MESSAGE });
  });

  it('accepts clearing the ABN', () => {
    expect(profileProblems({ company_abn: '' })).toEqual({});
  });

  it('explains a bad email and an over-long value', () => {
    expect(profileProblems({ company_email: 'not-an-email', company_phone: '1'.repeat(41) })).toEqual({
      company_email: 'Enter a valid email address, e.g. office@example.com.',
      company_phone: 'Keep this to 40 characters or fewer.',
    });
  });
});
