import { describe, expect, it } from 'vitest';
import {
  COMMON_MATERIAL_MAX_LENGTH,
  COMMON_MATERIALS_MAX,
  commonMaterialProblem,
  commonMaterialsSchema,
  DUPLICATE_MATERIAL_MESSAGE,
} from './common-materials.ts';

const list = ['Ardex WPM 300 membrane', 'Bostik primer'];

describe('commonMaterialProblem', () => {
  it('accepts a new material', () => {
    expect(commonMaterialProblem(list, '  Sika bond breaker  ')).toBeUndefined();
  });

  it('refuses a duplicate whatever its case or spacing, naming the one already listed', () => {
    expect(commonMaterialProblem(list, ' bostik PRIMER ')).toBe(
      `“Bostik primer” is already in your list. ${DUPLICATE_MATERIAL_MESSAGE}`,
    );
  });

  it('lets an entry be edited into a new spelling of itself, but not into another entry', () => {
    expect(commonMaterialProblem(list, 'BOSTIK PRIMER', 1)).toBeUndefined();
    expect(commonMaterialProblem(list, 'ardex wpm 300 membrane', 1)).toContain(DUPLICATE_MATERIAL_MESSAGE);
  });

  it('refuses blank and over-long entries', () => {
    expect(commonMaterialProblem(list, '   ')).toMatch(/^Type the material first/);
    expect(commonMaterialProblem(list, 'x'.repeat(COMMON_MATERIAL_MAX_LENGTH + 1))).toBe(
      `Keep each material to ${COMMON_MATERIAL_MAX_LENGTH} characters or fewer.`,
    );
  });

  it('refuses to grow a full list, but still allows edits in it', () => {
    const full = Array.from({ length: COMMON_MATERIALS_MAX }, (_, index) => `Material ${index}`);
    expect(commonMaterialProblem(full, 'One more')).toMatch(/Remove one/);
    expect(commonMaterialProblem(full, 'Renamed', 3)).toBeUndefined();
  });

  it('agrees with the server: the duplicate message is the contract schema message', () => {
    const result = commonMaterialsSchema.safeParse(['Primer', 'primer']);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(DUPLICATE_MATERIAL_MESSAGE);
  });
});
