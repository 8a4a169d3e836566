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

/**
 * Letters of each script the PDF's fonts cover (ADR 0050): Latin, Arabic, Hebrew, Devanagari,
 * Chinese, Korean, Thai, emoji. Vowel signs and viramas too, so that shaping has clusters to build.
 */
const SCRIPTS = [
  ALPHABET,
  'ابتثجحخدذرزسشصضطظعغفقكلمنهويةىءئؤأإآ',
  'אבגדהוזחטיכךלמםנןסעפףצץקרשת',
  'अआइईउऊएऐओऔकखगघङचछजझञटठडढणतथदधनपफबभमयरलवशषसहािीुूेैोौंः्',
  '的一是不了人我在有他这中大来上国个到说们为子和你地出就分对成会可也后于能下过家',
  '가각간갇갈감갑값갓강개객갠갤갬갭갯갱거걱건걷걸검겁것겅게겍겐겔겜겝겟겡',
  'กขฃคฅฆงจฉชซฌญฎฏฐฑฒณดตถทธนบปผฝพฟภมยรลวศษสหฬอฮะัาำิีึืุู',
  '😀😃😄😁😆😅🤣😂🙂🙃😉😊😇🥰😍🤩😘😗😚😙🚧🦺👷🧯🔥💧⚡',
].map((letters) => Array.from(letters));

/**
 * `length` UTF-16 units of random letters of every script, in runs of up to 40 of one script and
 * no spaces: no word repeats and none can be broken at a space, as an attacker would paste it.
 * Seeded, so each field differs and every run the same.
 */
export function anyScriptText(length: number, seed: number): string {
  let state = (seed * 2654435761 + 1) >>> 0;
  const random = (below: number) => {
    // xorshift32: incompressible enough for text, and the same every run.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state % below;
  };
  let text = '';
  while (text.length < length) {
    const letters = SCRIPTS[random(SCRIPTS.length)] ?? [];
    for (let count = 1 + random(40); count > 0 && text.length < length; count--) {
      const letter = letters[random(letters.length)] ?? '';
      if (text.length + letter.length > length) return text;
      text += letter;
    }
  }
  return text;
}

/** Texts of anyScriptText, each from the next seed: no two fields alike. */
export function anyScriptFields(firstSeed = 0): (length: number) => string {
  let seed = firstSeed;
  return (length) => {
    seed += 1;
    return anyScriptText(length, seed);
  };
}

/** How a worst-case body fills its text: ordinary words, one word without spaces, or any script. */
export type WorstCaseText = 'words' | 'unbroken' | 'any script';

/** A SWMS with every field and list at its limit: the largest body the API accepts. */
export function worstCaseSwmsBody(fill: WorstCaseText = 'unbroken'): SwmsBody {
  const L = SWMS_LIMITS;
  const anyScript = anyScriptFields();
  const text = (length: number, seed = 0) =>
    fill === 'any script' ? anyScript(length) : filled(length, fill === 'unbroken', seed);
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

/** Room kept for the rest of a save request around the body (`{"revision":…,"body":…}`). */
const REQUEST_ENVELOPE_BYTES = 1024;

/**
 * The body with its steps' texts, from the last step back, rewritten in Latin letters (the same
 * length, still without spaces) until the body fits in `bytes` of JSON: a request past the
 * server's body limit is refused, so this is the most script text a SWMS at every limit carries.
 */
export function withinBytes(body: SwmsBody, bytes: number): SwmsBody {
  const size = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
  let excess = size(body) + REQUEST_ENVELOPE_BYTES - bytes;
  const latin = (text: string, seed: number) => {
    const rewritten = filled(text.length, true, seed);
    excess -= Buffer.byteLength(text) - rewritten.length;
    return rewritten;
  };
  const steps = [...body.steps];
  for (let index = steps.length - 1; index >= 0 && excess > 0; index--) {
    const step = steps[index];
    if (!step) continue;
    steps[index] = {
      ...step,
      description: latin(step.description, index),
      hazards: latin(step.hazards, index + 1),
      controls: step.controls.map((control, number) => ({ ...control, text: latin(control.text, number) })),
      responsible: latin(step.responsible, index),
    };
  }
  return { ...body, steps };
}
