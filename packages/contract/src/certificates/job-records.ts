/*
 * The structured parts of a certificate's record (ADR 0039): the materials applied, line by line,
 * the state details a certifier asks for, and when and where a photo was taken. Plain TypeScript,
 * no zod: the share page shows them (ADR 0037); requests.ts checks them on the way in.
 */

/** One material applied: what a certifier checks against the manufacturer's data sheet. */
export type MaterialLine = {
  product: string;
  brand: string;
  /** e.g. "Class III polyurethane" (AS 4858 class and chemistry). */
  type_class: string;
  batch: string;
  /** How many coats were applied; null when not recorded. */
  coats: number | null;
};

export const MATERIAL_LIMITS = { lines: 20, text: 200, coats: 20 } as const;

export const emptyMaterialLine = (product = ''): MaterialLine => ({
  product,
  brand: '',
  type_class: '',
  batch: '',
  coats: null,
});

/** A material as one printed line, e.g. "Hydrabond 300, Ardex, Class III polyurethane, batch B123, 2 coats". */
export function materialLineText(line: MaterialLine): string {
  return [
    line.product,
    line.brand,
    line.type_class,
    line.batch ? `batch ${line.batch}` : '',
    line.coats === null ? '' : `${line.coats} coat${line.coats === 1 ? '' : 's'}`,
  ]
    .filter(Boolean)
    .join(', ');
}

export const australianStates = ['QLD', 'NSW', 'VIC', 'ACT', 'SA', 'WA', 'TAS', 'NT'] as const;
export type AustralianState = (typeof australianStates)[number];

/** The property and building details of a job, for the state's paperwork (all optional but the state). */
export type StateDetails = {
  state: AustralianState;
  lot_and_plan: string;
  local_government_area: string;
  /** The NCC building class, e.g. "1a" or "2". */
  building_class: string;
  aspects_certified: string;
};

export const STATE_DETAIL_LIMITS = { short: 100, aspects: 1000 } as const;

/** What is printed for a certificate's state details, in order, with the heading above them. */
export type StateDetailsSection = { heading: string; note: string | null; rows: Array<[label: string, value: string]> };

/**
 * The rows printed for a job's state details. For Queensland they follow the order of the fields of
 * QBCC Form 43 (aspect certificate, in use since 1 September 2021): the property, the building
 * class, the aspects certified, the basis of certification and the licensee, so a certifier can
 * read them across. Elsewhere only what was entered is printed.
 */
export function stateDetailsSection(
  details: StateDetails,
  certificate: {
    job_site_address: string;
    standards: readonly string[];
    checklistTitles: readonly string[];
    licensee: string | null;
    licence_number: string | null;
  },
): StateDetailsSection {
  if (details.state !== 'QLD') {
    const rows: Array<[string, string]> = [
      ['State', details.state],
      ['Lot and plan', details.lot_and_plan],
      ['Local government area', details.local_government_area],
      ['Building class', details.building_class],
      ['Aspects certified', details.aspects_certified],
    ];
    return { heading: 'Property details', note: null, rows: rows.filter(([, value]) => value !== '') };
  }
  const basis = [...certificate.standards, ...certificate.checklistTitles.map((title) => `Checklist: ${title}`)];
  return {
    heading: 'Aspect certificate details (Queensland)',
    note: 'In the order of the fields of QBCC Form 43, the aspect certificate of a QBCC licensee.',
    rows: [
      ['Street address', certificate.job_site_address || 'Not recorded'],
      ['Lot and plan', details.lot_and_plan || 'Not recorded'],
      ['Local government area', details.local_government_area || 'Not recorded'],
      ['Building class', details.building_class || 'Not recorded'],
      ['Aspects certified', details.aspects_certified || 'Not recorded'],
      ['Basis of certification', basis.join('; ') || 'Not recorded'],
      ['Licensee', certificate.licensee || 'Not recorded'],
      ['QBCC licence number', certificate.licence_number || 'Not recorded'],
    ],
  };
}

/** Where a photo was taken, recorded only when the user allowed it. */
export type PhotoLocation = { latitude: number; longitude: number };

/**
 * When a photo was taken, as the camera wrote it (EXIF DateTimeOriginal, the phone's local time,
 * YYYY-MM-DDTHH:MM), shown as "Taken 3 Dec 2026, 10:42". A time-zone-free reading on purpose: the
 * camera's clock is the site's.
 */
export function takenAtText(takenAt: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(takenAt);
  if (!match) return '';
  const [, year, month, day, hour, minute] = match;
  const monthName = MONTHS[Number(month) - 1];
  return monthName ? `Taken ${Number(day)} ${monthName} ${year}, ${hour}:${minute}` : '';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A location as printed, to 5 decimals (about a metre). */
export const locationText = (location: PhotoLocation) =>
  `${location.latitude.toFixed(5)}, ${location.longitude.toFixed(5)}`;
