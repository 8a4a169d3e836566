import { hrcwCategoryKeys, SWMS_LIMITS, type SwmsBody } from '@app/contract';

/**
 * Text at a field's limit. `unbroken` fills it with one word and no spaces, the outside review's
 * attack on line breaking; otherwise ordinary words of varying length.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function filled(length: number, unbroken: boolean, seed = 0): string {
  // Distinct letters, so no shaped word can be reused: what a hostile body would send.
  if (unbroken)
    return Array.from(
      { length },
      (_, index) => ALPHABET[(index * 7 + seed * 13 + (index >> 5)) % ALPHABET.length],
    ).join('');
  const words = ['membrane', 'primer', 'bond-breaker', 'screed', 'waterstop', 'flood', 'test', 'AS3740', 'falls'];
  let text = '';
  for (let index = seed; text.length < length; index += 1) text += `${words[index % words.length]} `;
  return text.slice(0, length).trim();
}

/** A SWMS with every field and list at its limit: the largest body the API accepts. */
export function worstCaseSwmsBody(unbroken = true): SwmsBody {
  const L = SWMS_LIMITS;
  const text = (length: number, seed = 0) => filled(length, unbroken, seed);
  const many = <T>(count: number, item: (index: number) => T) =>
    Array.from({ length: count }, (_, index) => item(index));
  return {
    title: text(L.shortText),
    work_location: text(L.itemText * 2),
    scope_of_work: text(L.longText),
    person_responsible: text(L.shortText),
    reviewer: text(L.shortText),
    date_prepared: '2026-11-24',
    review_date: '2027-11-24',
    hrcw_categories: [...hrcwCategoryKeys],
    steps: many(L.steps, (index) => ({
      description: text(L.stepText, index),
      hazards: text(L.stepText, index + 1),
      initial_risk: { likelihood: 'likely', consequence: 'major' },
      controls: many(L.controlsPerStep, (control) => ({ level: 'engineering', text: text(L.itemText, control) })),
      residual_risk: { likelihood: 'unlikely', consequence: 'minor' },
      responsible: text(L.shortText),
    })),
    ppe: many(L.listItems, (index) => text(L.itemText, index)),
    plant: many(L.listItems, (index) => ({
      name: text(L.shortText, index),
      licence_required: true,
      licence: text(L.shortText),
    })),
    substances: many(L.listItems, (index) => ({ name: text(L.shortText, index), sds_attached: true })),
    qualifications: many(L.listItems, (index) => text(L.itemText, index)),
    codes_of_practice: many(L.listItems, (index) => text(L.itemText, index)),
    emergency_procedures: text(L.longText),
  };
}
