import type { ChecklistItem, ChecklistTemplate } from './checklist-rules.ts';

/*
 * The built-in checklist templates (ADR 0037), as data: a template is stages of items, each item
 * of a kind with its rule (checklist-rules.ts). The requirements are written in our own words
 * from public summaries of the standards and the NCC; the standards' text is not reproduced.
 */

/** Items both membrane checklists record. */
const substrateReady: ChecklistItem = {
  kind: 'yes_no',
  id: 'substrate-ready',
  label: 'Substrate clean, dry and sound',
  expected: 'yes',
  otherwise: 'warning',
};
const substratePhoto: ChecklistItem = {
  kind: 'photo',
  id: 'substrate-photo',
  label: 'Substrate before priming',
  stage: 'substrate',
};
const coats: ChecklistItem[] = [
  { kind: 'date_time', id: 'first-coat', label: 'First coat applied' },
  { kind: 'photo', id: 'first-coat-photo', label: 'First coat', stage: 'first coat' },
  { kind: 'date_time', id: 'second-coat', label: 'Second coat applied' },
  { kind: 'photo', id: 'second-coat-photo', label: 'Second coat', stage: 'second coat' },
];
const dryFilm: ChecklistItem = {
  kind: 'measure',
  id: 'dry-film',
  label: 'Dry-film thickness',
  unit: 'µm',
  rule: { kind: 'at_least_entered', referenceLabel: "manufacturer's minimum thickness" },
};

const internalWetArea: ChecklistTemplate = {
  id: 'internal-wet-area',
  name: 'Internal wet area',
  standard: 'AS 3740-2021',
  summary:
    'Showers, bathrooms, laundries and toilets inside the building: falls, heights, bond breakers, flanges, coats and curing, stage by stage.',
  usesNccEdition: true,
  stages: [
    {
      title: 'Substrate',
      items: [
        substrateReady,
        {
          kind: 'measure',
          id: 'shower-fall',
          label: 'Shower floor fall to the waste',
          unit: 'ratio',
          rule: {
            kind: 'fall',
            byEdition: { '2022': { steepest: 50, flattest: 80 }, '2016': { steepest: 60, flattest: 80 } },
          },
        },
        {
          kind: 'yes_no',
          id: 'drainage-suits-falls',
          label: 'Waste suits the falls (a linear drain where one central waste cannot meet them)',
          expected: 'yes',
          otherwise: 'warning',
        },
        substratePhoto,
      ],
    },
    {
      title: 'Primer',
      items: [
        { kind: 'date_time', id: 'primer-applied', label: 'Primer applied' },
        { kind: 'photo', id: 'primer-photo', label: 'Primer applied', stage: 'primer' },
      ],
    },
    {
      title: 'Bond breakers and flanges',
      items: [
        {
          kind: 'yes_no',
          id: 'bond-breakers',
          label: 'Bond breakers at internal corners and wall/floor junctions',
          expected: 'yes',
          otherwise: 'warning',
        },
        {
          kind: 'yes_no',
          id: 'flanges',
          label: 'Flanges at floor wastes and penetrations, sealed to the membrane',
          expected: 'yes',
          otherwise: 'warning',
        },
        {
          kind: 'yes_no',
          id: 'reinforcement',
          label: 'Reinforcement at corners, hobs and penetrations',
          expected: 'yes',
          otherwise: 'warning',
        },
        {
          kind: 'photo',
          id: 'bond-breaker-photo',
          label: 'Bond breakers and flanges',
          stage: 'bond breaker and flanges',
        },
      ],
    },
    {
      title: 'Membrane',
      items: [
        ...coats,
        {
          kind: 'yes_no',
          id: 'coats-crossed',
          label: 'Coats applied at right angles to each other',
          expected: 'yes',
          otherwise: 'warning',
        },
        dryFilm,
        {
          kind: 'measure',
          id: 'shower-wall-height',
          label: 'Shower walls waterproofed to a height of',
          unit: 'mm',
          rule: { kind: 'at_least', min: 1800 },
        },
        {
          kind: 'measure',
          id: 'wall-height',
          label: 'Other wet-area walls waterproofed to a height of',
          unit: 'mm',
          rule: { kind: 'at_least', min: 150 },
        },
        {
          kind: 'measure',
          id: 'hob-upturn',
          label: 'Hob turn-up above the finished tile',
          unit: 'mm',
          rule: { kind: 'at_least', min: 25 },
        },
        {
          kind: 'measure',
          id: 'cure-time',
          label: 'Curing time before tiling or flood test',
          unit: 'h',
          rule: { kind: 'at_least_entered', referenceLabel: "manufacturer's curing time" },
        },
      ],
    },
  ],
};

const externalMembrane: ChecklistTemplate = {
  id: 'external-membrane',
  name: 'External above-ground membrane',
  standard: 'AS 4654.2-2012',
  summary:
    'Balconies, decks, podiums and roofs over habitable rooms: falls to outlets, upturns for the wind class, terminations, coats.',
  usesNccEdition: false,
  stages: [
    {
      title: 'Substrate',
      items: [
        substrateReady,
        {
          kind: 'measure',
          id: 'fall-to-outlets',
          label: 'Fall of the substrate to the outlets',
          unit: 'ratio',
          rule: { kind: 'fall', limits: { flattest: 100 } },
        },
        substratePhoto,
      ],
    },
    {
      title: 'Details',
      items: [
        {
          kind: 'measure',
          id: 'upturn-height',
          label: 'Upturn height at walls and thresholds',
          unit: 'mm',
          rule: { kind: 'at_least_entered', referenceLabel: "height required for the site's wind class" },
        },
        {
          kind: 'yes_no',
          id: 'terminations',
          label: 'Terminations protected (under flashings, sills or weather bars)',
          expected: 'yes',
          otherwise: 'warning',
        },
        {
          kind: 'yes_no',
          id: 'outlets',
          label: 'Outlets and overflows flanged and sealed to the membrane',
          expected: 'yes',
          otherwise: 'warning',
        },
        { kind: 'photo', id: 'details-photo', label: 'Upturns, terminations and outlets', stage: 'details' },
      ],
    },
    {
      title: 'Membrane',
      items: [...coats, dryFilm],
    },
  ],
};

const floodTest: ChecklistTemplate = {
  id: 'flood-test',
  name: 'Flood test record',
  standard: 'AS 3740-2021',
  summary: 'The flood test of a cured membrane: when it started and ended, how deep, and the result, with photos.',
  usesNccEdition: false,
  stages: [
    {
      title: 'Start',
      items: [
        { kind: 'date_time', id: 'started', label: 'Test started' },
        {
          kind: 'measure',
          id: 'depth',
          label: 'Water depth at the highest point',
          unit: 'mm',
          rule: { kind: 'at_least_entered', referenceLabel: 'depth the job specifies' },
        },
        { kind: 'photo', id: 'start-photo', label: 'Water level at the start', stage: 'flood test start' },
      ],
    },
    {
      title: 'End',
      items: [
        { kind: 'date_time', id: 'ended', label: 'Test ended' },
        {
          kind: 'measure',
          id: 'duration',
          label: 'Duration',
          unit: 'h',
          rule: { kind: 'at_least_entered', referenceLabel: 'duration the job specifies' },
        },
        {
          kind: 'yes_no',
          id: 'no-leaks',
          label: 'No leak or drop in level at the end',
          expected: 'yes',
          otherwise: 'fail',
        },
        { kind: 'photo', id: 'end-photo', label: 'Water level at the end', stage: 'flood test end' },
      ],
    },
  ],
};

/** The templates every user may use. */
export const builtInChecklistTemplates: readonly ChecklistTemplate[] = [internalWetArea, externalMembrane, floodTest];
