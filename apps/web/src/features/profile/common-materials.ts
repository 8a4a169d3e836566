import { COMMON_MATERIAL_MAX_LENGTH, COMMON_MATERIALS_MAX } from '@app/contract';

/** The server's words for a duplicate (contract: commonMaterialsSchema). */
export const DUPLICATE_MATERIAL_MESSAGE = 'Each material can only be listed once.';

/**
 * What is wrong with `candidate` as a new entry in `materials`, or as the replacement for the
 * entry at `replacing`; undefined when it can be saved. The same rules as the server's, checked
 * first so the user hears about a duplicate before anything is sent.
 */
export function materialProblem(
  materials: readonly string[],
  candidate: string,
  replacing?: number,
): string | undefined {
  const value = candidate.trim();
  if (!value) return 'Type the material first, e.g. “Ardex WPM 300 membrane, 2 coats”.';
  if (value.length > COMMON_MATERIAL_MAX_LENGTH) {
    return `Keep each material to ${COMMON_MATERIAL_MAX_LENGTH} characters or fewer.`;
  }
  const duplicate = materials.find(
    (material, index) => index !== replacing && material.toLowerCase() === value.toLowerCase(),
  );
  if (duplicate !== undefined) return `“${duplicate}” is already in your list. ${DUPLICATE_MATERIAL_MESSAGE}`;
  if (replacing === undefined && materials.length >= COMMON_MATERIALS_MAX) {
    return `Your list can hold ${COMMON_MATERIALS_MAX} materials. Remove one you no longer use to add another.`;
  }
  return undefined;
}
