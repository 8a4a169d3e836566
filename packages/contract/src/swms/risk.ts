/**
 * The 5×5 risk matrix of a SWMS (DOMAIN.md): likelihood × consequence gives one of four ratings.
 * One function for the form, the server's readiness check and the PDF.
 */

export const likelihoods = ['rare', 'unlikely', 'possible', 'likely', 'almost_certain'] as const;
export const consequences = ['insignificant', 'minor', 'moderate', 'major', 'catastrophic'] as const;
export const riskRatings = ['low', 'medium', 'high', 'extreme'] as const;

export type Likelihood = (typeof likelihoods)[number];
export type Consequence = (typeof consequences)[number];
export type RiskRating = (typeof riskRatings)[number];
export type RiskAssessment = { likelihood: Likelihood; consequence: Consequence };

export const likelihoodLabels: Record<Likelihood, string> = {
  rare: 'Rare',
  unlikely: 'Unlikely',
  possible: 'Possible',
  likely: 'Likely',
  almost_certain: 'Almost certain',
};
export const consequenceLabels: Record<Consequence, string> = {
  insignificant: 'Insignificant',
  minor: 'Minor',
  moderate: 'Moderate',
  major: 'Major',
  catastrophic: 'Catastrophic',
};
export const riskRatingLabels: Record<RiskRating, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  extreme: 'Extreme',
};

const L = 'low';
const M = 'medium';
const H = 'high';
const E = 'extreme';

/** Rows by likelihood (rare first), columns by consequence (insignificant first): the usual WHS matrix. */
const MATRIX: Record<Likelihood, readonly [RiskRating, RiskRating, RiskRating, RiskRating, RiskRating]> = {
  rare: [L, L, M, M, H],
  unlikely: [L, L, M, H, H],
  possible: [L, M, H, H, E],
  likely: [M, H, H, E, E],
  almost_certain: [M, H, E, E, E],
};

export function riskRating({ likelihood, consequence }: RiskAssessment): RiskRating {
  return MATRIX[likelihood][consequences.indexOf(consequence)] ?? E;
}

/** How a rating compares with another: higher is worse. */
export const riskRank = (rating: RiskRating) => riskRatings.indexOf(rating);

/** A residual risk rated higher than the initial one: the controls made it worse, which deserves a warning. */
export function residualExceedsInitial(initial: RiskAssessment | null, residual: RiskAssessment | null): boolean {
  return initial !== null && residual !== null && riskRank(riskRating(residual)) > riskRank(riskRating(initial));
}

export const RESIDUAL_HIGHER_WARNING =
  'The residual risk is higher than the initial risk. Check the controls: they should lower the risk.';
