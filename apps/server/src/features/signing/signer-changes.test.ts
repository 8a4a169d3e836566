import type { SignerDocument } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { changedParts } from './signer-changes.ts';

const sender = { business_name: 'Dry Right', name: null, email: null };
const photo = (url: string) => ({ caption: 'Balcony drain', taken: '3 Dec 2026', url, thumbnail_url: url });

const version1: SignerDocument = {
  sender,
  sections: [
    {
      heading: 'Job',
      fields: [
        { label: 'Title', value: 'Balcony membrane' },
        { label: 'Project / work location', value: '12 Harbour St' },
        { label: 'Reviewer', value: 'Pat' },
      ],
    },
    { heading: 'PPE', items: ['P2 respirator'] },
    { heading: 'Photos', photos: [photo('https://files.example/a?expires=1')] },
    { heading: 'Plant', items: ['Grinder'] },
  ],
};

describe('what changed between two versions, for a crew signing again', () => {
  it('names each changed section, with the fields that changed, and what was added or removed', () => {
    const version2: SignerDocument = {
      sender,
      sections: [
        {
          heading: 'Job',
          fields: [
            { label: 'Title', value: 'Balcony membrane' },
            { label: 'Project / work location', value: '12 Harbour St, level 3' },
          ],
        },
        { heading: 'PPE', items: ['P2 respirator', 'Gloves'] },
        // The same photo under a fresh signed address is no change.
        { heading: 'Photos', photos: [photo('https://files.example/a?expires=2')] },
        { heading: 'Emergency procedures', items: ['Call 000'] },
      ],
    };
    expect(changedParts(version1, version2)).toEqual([
      'Job: Project / work location, Reviewer',
      'PPE',
      'Emergency procedures',
      'Plant (removed)',
    ]);
  });

  it('names nothing when only the addresses of photos differ', () => {
    const again: SignerDocument = {
      ...version1,
      sections: version1.sections.map((section) =>
        section.photos ? { ...section, photos: [photo('https://files.example/a?expires=9')] } : section,
      ),
    };
    expect(changedParts(version1, again)).toEqual([]);
  });
});
