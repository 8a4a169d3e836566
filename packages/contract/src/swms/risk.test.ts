import { describe, expect, it } from 'vitest';
import { consequences, likelihoods, type RiskRating, residualExceedsInitial, riskRank, riskRating } from './risk.ts';

describe('risk rating', () => {
  it('rates every cell of the 5×5 matrix', () => {
    const expected: Record<string, RiskRating[]> = {
      rare: ['low', 'low', 'medium', 'medium', 'high'],
      unlikely: ['low', 'low', 'medium', 'high', 'high'],
      possible: ['low', 'medium', 'high', 'high', 'extreme'],
      likely: ['medium', 'high', 'high', 'extreme', 'extreme'],
      almost_certain: ['medium', 'high', 'extreme', 'extreme', 'extreme'],
    };
    for (const likelihood of likelihoods) {
      expect(consequences.map((consequence) => riskRating({ likelihood, consequence }))).toEqual(expected[likelihood]);
    }
  });

  it('never rates lower when likelihood or consequence grows', () => {
    likelihoods.forEach((likelihood, row) => {
      consequences.forEach((consequence, column) => {
        const here = riskRank(riskRating({ likelihood, consequence }));
        const worseLikelihood = likelihoods[row + 1];
        const worseConsequence = consequences[column + 1];
        if (worseLikelihood)
          expect(riskRank(riskRating({ likelihood: worseLikelihood, consequence }))).toBeGreaterThanOrEqual(here);
        if (worseConsequence)
          expect(riskRank(riskRating({ likelihood, consequence: worseConsequence }))).toBeGreaterThanOrEqual(here);
      });
    });
  });

  it('warns only when the residual rating is higher than the initial one', () => {
    const high = { likelihood: 'likely', consequence: 'moderate' } as const;
    const low = { likelihood: 'rare', consequence: 'minor' } as const;
    expect(residualExceedsInitial(high, low)).toBe(false);
    expect(residualExceedsInitial(low, high)).toBe(true);
    expect(residualExceedsInitial(high, { likelihood: 'possible', consequence: 'moderate' })).toBe(false);
    expect(residualExceedsInitial(null, high)).toBe(false);
  });
});
