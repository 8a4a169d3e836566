import {
  type Consequence,
  consequenceLabels,
  consequences,
  type Likelihood,
  likelihoodLabels,
  likelihoods,
  type RiskAssessment,
  type RiskRating,
  riskRating,
  riskRatingLabels,
} from '@app/contract';
import { useState } from 'react';
import { Select } from '../../../components/ui/Select.tsx';

const ratingClasses: Record<RiskRating, string> = {
  low: 'bg-green-100 text-green-900 border-green-700',
  medium: 'bg-yellow-100 text-yellow-900 border-yellow-700',
  high: 'bg-orange-100 text-orange-900 border-orange-700',
  extreme: 'bg-red-100 text-red-900 border-red-700',
};

/** A risk rating as a coloured badge that also says the rating in words. */
export function RiskBadge({ assessment, prefix = '' }: { assessment: RiskAssessment | null; prefix?: string }) {
  if (!assessment) return <span className="text-sm text-slate-600 dark:text-slate-300">{prefix}Not rated</span>;
  const rating = riskRating(assessment);
  return (
    <span className={`inline-block rounded border px-2 py-0.5 text-sm font-semibold ${ratingClasses[rating]}`}>
      {prefix}
      {riskRatingLabels[rating]} risk
    </span>
  );
}

const parseLikelihood = (value: string) => likelihoods.find((item) => item === value);
const parseConsequence = (value: string) => consequences.find((item) => item === value);
/** The first option of each select: nothing chosen yet. */
const notChosen = { value: '', label: 'Choose...' };

/** Likelihood × consequence from the 5×5 matrix, with the resulting rating shown beside. */
export function RiskPicker({
  label,
  value,
  onChange,
}: {
  /** e.g. "Initial risk"; the selects are named "Initial risk likelihood" and "… consequence". */
  label: string;
  value: RiskAssessment | null;
  onChange: (value: RiskAssessment | null) => void;
}) {
  // Half a choice stays on screen until the other half is made; only a whole one is saved.
  const [likelihood, setLikelihood] = useState<Likelihood | undefined>(value?.likelihood);
  const [consequence, setConsequence] = useState<Consequence | undefined>(value?.consequence);
  const choose = (nextLikelihood: Likelihood | undefined, nextConsequence: Consequence | undefined) => {
    setLikelihood(nextLikelihood);
    setConsequence(nextConsequence);
    onChange(nextLikelihood && nextConsequence ? { likelihood: nextLikelihood, consequence: nextConsequence } : null);
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-semibold">{label}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <Select
          label={`${label} likelihood`}
          value={likelihood ?? ''}
          onChange={(event) => choose(parseLikelihood(event.target.value), consequence)}
          options={[notChosen, ...likelihoods.map((item) => ({ value: item, label: likelihoodLabels[item] }))]}
        />
        <Select
          label={`${label} consequence`}
          value={consequence ?? ''}
          onChange={(event) => choose(likelihood, parseConsequence(event.target.value))}
          options={[notChosen, ...consequences.map((item) => ({ value: item, label: consequenceLabels[item] }))]}
        />
      </div>
      <RiskBadge assessment={value} />
    </fieldset>
  );
}
