import { type Certificate, errorCodes } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import {
  type CertificateFormValues,
  completionErrors,
  createRequestOf,
  emptyFormValues,
  formFieldErrors,
  formValuesOf,
  updateRequestOf,
  withEdit,
} from './certificate-form.ts';

const filled: CertificateFormValues = {
  standards: ['AS 4654.1-2012', 'AS 3740-2021'],
  otherStandards: ' Builder spec 7;  Council note ; ',
  jobSiteAddress: ' 12 Harbour St, Sydney NSW 2000 ',
  installationDate: '2026-11-20',
  areas: 'Ensuite: shower recess and floor',
  materials: [
    { product: ' Hydrabond 300 ', brand: 'Ardex', type_class: 'Class III', batch: ' B12 ', coats: 2 },
    { product: '  ', brand: 'Ardex', type_class: '', batch: '', coats: null },
  ],
  materialsUsed: 'Ardex WPM 300\nArdex WPM 155 primer\n',
  stateDetails: null,
  additionalInfo: 'Flood test done.',
  photos: [
    {
      fileId: 'f-1',
      caption: ' Before ',
      url: '/api/files/f-1',
      thumbnailUrl: '/api/files/f-1/thumbnail',
      takenAt: '2026-11-20T08:15',
    },
  ],
  checklists: [],
};

const stored: Certificate = {
  id: 'c-1',
  user_id: 'u-1',
  certificate_number: null,
  standards: ['AS 4654.1-2012', 'Builder spec 7'],
  job_site_address: '12 Harbour St',
  installation_date: '2026-11-20',
  areas: 'Laundry',
  materials_used: 'Ardex WPM 300',
  materials: [],
  state_details: null,
  additional_info: '',
  photos: [{ file_id: 'f-1', caption: 'Before', url: '/a', thumbnail_url: '/a/t' }],
  checklists: [],
  status: 'draft',
  applicator: null,
  completed_at: null,
  created_at: '2026-11-20T01:00:00.000Z',
  updated_at: '2026-11-20T01:00:00.000Z',
  is_owner: true,
  fingerprint: 'f'.repeat(64),
  version: 1,
  amended_at: null,
  amendment_reason: null,
  review_note: null,
  revision: 4,
  verdict: { status: 'not_issued', superseded_by: null, withdrawn_at: null },
};

describe('a new certificate', () => {
  it('pre-fills a material line for each common material, and the date with today', () => {
    expect(emptyFormValues({ commonMaterials: ['Ardex WPM 300', 'Bond breaker tape'], today: '2026-11-22' })).toEqual({
      standards: [],
      otherStandards: '',
      jobSiteAddress: '',
      installationDate: '2026-11-22',
      areas: '',
      materials: [
        { product: 'Ardex WPM 300', brand: '', type_class: '', batch: '', coats: null },
        { product: 'Bond breaker tape', brand: '', type_class: '', batch: '', coats: null },
      ],
      materialsUsed: '',
      stateDetails: null,
      additionalInfo: '',
      photos: [],
      checklists: [],
    });
  });
});

describe('createRequestOf', () => {
  it('maps the camelCase form to the snake_case API body, with the id the form made', () => {
    expect(createRequestOf(filled, 'u-1', 'completed', 'c-1')).toEqual({
      id: 'c-1',
      user_id: 'u-1',
      // Known standards in the form's order, then the "Other" ones split on semicolons.
      standards: ['AS 3740-2021', 'AS 4654.1-2012', 'Builder spec 7', 'Council note'],
      job_site_address: '12 Harbour St, Sydney NSW 2000',
      installation_date: '2026-11-20',
      areas: 'Ensuite: shower recess and floor',
      materials_used: 'Ardex WPM 300\nArdex WPM 155 primer',
      // Trimmed, and a line with no product left out.
      materials: [{ product: 'Hydrabond 300', brand: 'Ardex', type_class: 'Class III', batch: 'B12', coats: 2 }],
      state_details: null,
      additional_info: 'Flood test done.',
      photos: [{ file_id: 'f-1', caption: 'Before', taken_at: '2026-11-20T08:15' }],
      checklists: [],
      status: 'completed',
    });
  });

  it('sends no date rather than an empty one', () => {
    expect(createRequestOf({ ...filled, installationDate: '' }, 'u-1', 'draft', 'c-1').installation_date).toBeNull();
  });
});

describe('formValuesOf', () => {
  it('maps a stored certificate back to the form, unknown standards into "Other"', () => {
    expect(formValuesOf({ ...stored, installation_date: null })).toEqual({
      standards: ['AS 4654.1-2012'],
      otherStandards: 'Builder spec 7',
      jobSiteAddress: '12 Harbour St',
      installationDate: '',
      areas: 'Laundry',
      materials: [],
      materialsUsed: 'Ardex WPM 300',
      stateDetails: null,
      additionalInfo: '',
      photos: [{ fileId: 'f-1', caption: 'Before', url: '/a', thumbnailUrl: '/a/t' }],
      checklists: [],
    });
  });
});

describe('updateRequestOf', () => {
  it('sends nothing but the status when only the status changes', () => {
    expect(updateRequestOf(stored, formValuesOf(stored), 'completed')).toEqual({ status: 'completed', revision: 4 });
    expect(updateRequestOf(stored, formValuesOf(stored), 'draft')).toEqual({ revision: 4 });
  });

  it('names the revision it was loaded at, and a reason only when an issued certificate is amended', () => {
    const values = { ...formValuesOf(stored), areas: 'Balcony' };
    expect(updateRequestOf(stored, values, 'draft', 'Wrong area')).toEqual({ areas: 'Balcony', revision: 4 });
    const issued: Certificate = { ...stored, status: 'completed' };
    expect(updateRequestOf(issued, values, 'completed', '  Wrong area ')).toEqual({
      areas: 'Balcony',
      revision: 4,
      amendment_reason: 'Wrong area',
    });
    expect(updateRequestOf(issued, values, 'completed', '   ')).toEqual({ areas: 'Balcony', revision: 4 });
    // The draft of an amendment still takes its reason.
    const amendmentDraft: Certificate = { ...stored, version: 2 };
    expect(updateRequestOf(amendmentDraft, values, 'completed', 'Wrong area')).toEqual({
      areas: 'Balcony',
      status: 'completed',
      revision: 4,
      amendment_reason: 'Wrong area',
    });
  });

  it('sends only the fields that changed, in snake_case', () => {
    const values = { ...formValuesOf(stored), areas: 'Laundry and balcony', otherStandards: '' };
    expect(updateRequestOf(stored, values, 'draft')).toEqual({
      areas: 'Laundry and balcony',
      standards: ['AS 4654.1-2012'],
      revision: 4,
    });
  });

  it('sends the whole photo list when a photo is added, removed or recaptioned', () => {
    const values = formValuesOf(stored);
    const recaptioned = { ...values, photos: values.photos.map((photo) => ({ ...photo, caption: 'After' })) };
    expect(updateRequestOf(stored, recaptioned, 'draft')).toEqual({
      photos: [{ file_id: 'f-1', caption: 'After' }],
      revision: 4,
    });
    expect(updateRequestOf(stored, { ...values, photos: [] }, 'draft')).toEqual({ photos: [], revision: 4 });
  });

  it('can clear the installation date', () => {
    expect(updateRequestOf(stored, { ...formValuesOf(stored), installationDate: '' }, 'draft')).toEqual({
      installation_date: null,
      revision: 4,
    });
  });
});

describe('completionErrors', () => {
  it('names each missing job detail by its form field', () => {
    const empty = emptyFormValues({ commonMaterials: [], today: '' });
    expect(completionErrors({ ...empty, jobSiteAddress: '   ' })).toEqual({
      jobSiteAddress: 'Enter the job site address.',
      installationDate: 'Enter the installation date.',
      standards: 'Choose at least one standard.',
      areas: 'Describe the areas treated.',
    });
  });

  it('counts an "Other" standard as a standard', () => {
    expect(completionErrors({ ...filled, standards: [], otherStandards: 'Builder spec 7' })).toEqual({});
  });
});

describe('formFieldErrors', () => {
  it("maps a 400's details to form fields, keeping the first message per field", () => {
    const error = new ApiError(400, errorCodes.validationFailed, 'Check the form.', [
      { path: 'job_site_address', message: 'Enter the job site address.' },
      { path: 'photos.3.caption', message: 'Keep captions under 300 characters.' },
      { path: 'photos', message: 'A photo could not be found.' },
      { path: 'user_id', message: 'ignored: not a form field' },
    ]);
    expect(formFieldErrors(error)).toEqual({
      jobSiteAddress: 'Enter the job site address.',
      photos: 'Keep captions under 300 characters.',
    });
  });

  it('has nothing for other failures', () => {
    expect(formFieldErrors(new Error('offline'))).toEqual({});
  });
});

describe('withEdit', () => {
  it('shows the certificate as an edit waiting on the phone would make it, and only what it changes', () => {
    const edit = updateRequestOf(stored, { ...formValuesOf(stored), areas: 'Laundry and balcony' }, 'completed');
    expect(withEdit(stored, edit)).toEqual({ ...stored, areas: 'Laundry and balcony', status: 'completed' });
    // A second edit goes on from the first; the revision the edits were made from stays the certificate's.
    const again = withEdit(withEdit(stored, edit), { installation_date: null, revision: 0 });
    expect(again).toMatchObject({ areas: 'Laundry and balcony', installation_date: null, revision: stored.revision });
  });

  it('keeps stored photos it names, with their new captions, and leaves out one it cannot show', () => {
    const edit = {
      photos: [
        { file_id: 'f-1', caption: 'Before membrane' },
        { file_id: 'f-unknown', caption: '' },
      ],
      revision: 0,
    };
    expect(withEdit(stored, edit).photos).toEqual([
      { file_id: 'f-1', caption: 'Before membrane', url: '/a', thumbnail_url: '/a/t' },
    ]);
  });
});
