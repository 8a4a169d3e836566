import { z } from 'zod/mini';

/**
 * The materials list (PRODUCT.md, Records): trimmed, no blanks, no duplicates (ignoring case), at
 * most COMMON_MATERIALS_MAX entries of COMMON_MATERIAL_MAX_LENGTH characters, in the user's order.
 * The server validates the whole list with the schema; the web checks each entry as it is typed
 * with commonMaterialProblem. Both use the rules below.
 */
export const COMMON_MATERIALS_MAX = 100;
export const COMMON_MATERIAL_MAX_LENGTH = 200;
export const DUPLICATE_MATERIAL_MESSAGE = 'Each material can only be listed once.';

const normaliseMaterial = (material: string) => material.trim();
const sameMaterial = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const hasDuplicates = (materials: readonly string[]) =>
  new Set(materials.map((material) => material.toLowerCase())).size !== materials.length;

/** Duplicates are an error rather than silently dropped, so the user sees what happened. */
export const commonMaterialsSchema = z
  .array(
    z.string().check(z.trim(), z.minLength(1, 'A material cannot be blank.'), z.maxLength(COMMON_MATERIAL_MAX_LENGTH)),
  )
  .check(
    z.maxLength(COMMON_MATERIALS_MAX, `Keep the list to ${COMMON_MATERIALS_MAX} materials or fewer.`),
    z.refine((materials) => !hasDuplicates(materials), DUPLICATE_MATERIAL_MESSAGE),
  );

/**
 * What is wrong with `candidate` as a new entry in `materials`, or as the replacement for the
 * entry at `replacing`; undefined when it can be saved. Worded for the one entry being typed.
 */
export function commonMaterialProblem(
  materials: readonly string[],
  candidate: string,
  replacing?: number,
): string | undefined {
  const value = normaliseMaterial(candidate);
  if (!value) return 'Type the material first, e.g. “Ardex WPM 300 membrane, 2 coats”.';
  if (value.length > COMMON_MATERIAL_MAX_LENGTH) {
    return `Keep each material to ${COMMON_MATERIAL_MAX_LENGTH} characters or fewer.`;
  }
  const duplicate = materials.find((material, index) => index !== replacing && sameMaterial(material, value));
  if (duplicate !== undefined) return `“${duplicate}” is already in your list. ${DUPLICATE_MATERIAL_MESSAGE}`;
  if (replacing === undefined && materials.length >= COMMON_MATERIALS_MAX) {
    return `Your list can hold ${COMMON_MATERIALS_MAX} materials. Remove one you no longer use to add another.`;
  }
  return undefined;
}
