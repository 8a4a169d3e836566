/*
 * The standards certificates name, for the /compliance reference (ADR 0037): what each covers,
 * when it applies and the checks it implies, in our own words from public summaries. The
 * standards themselves are paywalled: clause text is never reproduced.
 */

export type StandardReference = {
  /** As certificates name it (KNOWN_STANDARDS). */
  name: string;
  title: string;
  covers: string;
  appliesWhen: string;
  checks: readonly string[];
  /** The built-in checklist template that records these checks, if there is one. */
  templateId?: string;
};

export const standardReferences: readonly StandardReference[] = [
  {
    name: 'AS 3740-2021',
    title: 'Waterproofing of domestic wet areas',
    covers:
      'Showers, bathrooms, laundries and toilets inside homes: which areas are waterproofed or water-resistant by category, enclosed and unenclosed showers, flanges, linear drains, membrane curing, inspection and continuity testing.',
    appliesWhen: 'Any internal wet area of a Class 1, 2, 3 or 4 building, through the NCC.',
    checks: [
      'Shower floor falls to the waste within the limits of the NCC edition in force',
      'Shower walls waterproofed to at least 1800 mm; other wet-area walls to at least 150 mm',
      'Bond breakers at internal corners and junctions; flanges at wastes and penetrations',
      'Membrane applied in the coats and thickness the manufacturer sets, and cured before tiling',
      'A flood test where the job calls for one',
    ],
    templateId: 'internal-wet-area',
  },
  {
    name: 'AS 4654.1-2012',
    title: 'Membranes for above-ground use: materials',
    covers: 'What an external membrane material must be: its class, durability and the tests it passes.',
    appliesWhen: 'Choosing a membrane for a balcony, deck, podium or roof over a habitable room.',
    checks: ['The membrane is rated for external above-ground use', 'Product, class and batch recorded'],
  },
  {
    name: 'AS 4654.2-2012',
    title: 'Membranes for above-ground use: design and installation',
    covers:
      'How external above-ground membranes are designed and installed: falls to outlets, upturns and terminations, outlets and overflows.',
    appliesWhen: 'Balconies, decks, podiums and roofs over habitable rooms.',
    checks: [
      'Substrate falls to outlets no flatter than 1:100',
      'Upturns at walls and thresholds as high as the wind class requires',
      'Terminations protected, outlets and overflows flanged',
    ],
    templateId: 'external-membrane',
  },
  {
    name: 'AS/NZS 4858:2004',
    title: 'Wet area membranes',
    covers: 'The materials used as wet-area membranes: their classes (by elongation) and the tests they pass.',
    appliesWhen: 'Choosing a membrane for an internal wet area.',
    checks: ['The membrane meets the standard and its class suits the substrate', 'Product, class and batch recorded'],
  },
  {
    name: 'NCC Housing Provisions Part 10.2',
    title: 'Wet areas and external waterproofing (NCC)',
    covers:
      'The building code’s deemed-to-satisfy rules for wet areas: falls, the areas to waterproof, and when the Australian Standards apply. Falls changed with NCC 2022.',
    appliesWhen:
      'Houses and other Class 1 and 10 buildings. Under NCC 2022 a shower floor falls at least 1:80 and at most 1:50 (a large shower with one central waste cannot, so it needs a linear drain); under NCC 2016, 1:60 to 1:80.',
    checks: [
      'The fall rules of the edition the building was approved under',
      'The areas the code requires waterproofed',
    ],
    templateId: 'internal-wet-area',
  },
];
