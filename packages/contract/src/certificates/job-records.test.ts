import { describe, expect, it } from 'vitest';
import { materialLineText, type StateDetails, stateDetailsSection, takenAtText } from './job-records.ts';

const certificate = {
  job_site_address: '4 Reef St, Cairns QLD 4870',
  standards: ['AS 3740-2021'],
  checklistTitles: ['Internal wet area (AS 3740-2021, NCC 2022)'],
  licensee: 'Sam Citizen',
  licence_number: '1234567',
};
const details: StateDetails = {
  state: 'QLD',
  lot_and_plan: 'Lot 12 on RP123456',
  local_government_area: 'Cairns Regional Council',
  building_class: '1a',
  aspects_certified: 'Ensuite shower waterproofing',
};

describe('state details', () => {
  it('prints a Queensland job in the order of the fields of QBCC Form 43, the gaps said', () => {
    const section = stateDetailsSection({ ...details, building_class: '' }, certificate);
    expect(section.heading).toBe('Aspect certificate details (Queensland)');
    expect(section.rows).toEqual([
      ['Street address', '4 Reef St, Cairns QLD 4870'],
      ['Lot and plan', 'Lot 12 on RP123456'],
      ['Local government area', 'Cairns Regional Council'],
      ['Building class', 'Not recorded'],
      ['Aspects certified', 'Ensuite shower waterproofing'],
      ['Basis of certification', 'AS 3740-2021; Checklist: Internal wet area (AS 3740-2021, NCC 2022)'],
      ['Licensee', 'Sam Citizen'],
      ['QBCC licence number', '1234567'],
    ]);
  });

  it('prints only what was entered elsewhere, with no Form 43 wording', () => {
    const section = stateDetailsSection({ ...details, state: 'NSW', lot_and_plan: '' }, certificate);
    expect(section).toEqual({
      heading: 'Property details',
      note: null,
      rows: [
        ['State', 'NSW'],
        ['Local government area', 'Cairns Regional Council'],
        ['Building class', '1a'],
        ['Aspects certified', 'Ensuite shower waterproofing'],
      ],
    });
  });
});

describe('printed lines', () => {
  it('writes a material line with only what was recorded', () => {
    expect(
      materialLineText({ product: 'Hydrabond 300', brand: 'Ardex', type_class: 'Class III', batch: 'B12', coats: 2 }),
    ).toBe('Hydrabond 300, Ardex, Class III, batch B12, 2 coats');
    expect(materialLineText({ product: 'Primer', brand: '', type_class: '', batch: '', coats: 1 })).toBe(
      'Primer, 1 coat',
    );
  });

  it('writes when a photo was taken, and nothing for a value that is not a date and time', () => {
    expect(takenAtText('2026-11-20T08:15')).toBe('Taken 20 Nov 2026, 08:15');
    expect(takenAtText('2026-13-20T08:15')).toBe('');
    expect(takenAtText('garbage')).toBe('');
  });
});
