import { format } from './support.ts';

/**
 * The goals `npm run bench` judges, in one place (ADR 0091); PRODUCT.md, Budgets states the same
 * numbers. A bench measures a figure, beside its baseline from the same run, and hands it to
 * `judge`; `npm run bench` ends with one line per goal, met or not, or which bench measures it.
 */
type Goal = {
  /** What is measured, as the closing lines name it. */
  figure: string;
  /** The `npm run bench` argument of the bench that measures it. */
  bench: string;
  bound: 'at least' | 'at most';
  limit: number;
  unit: string;
};

export const goals = {
  listThroughput: {
    figure: 'certificate list API / the same SQL direct, 10,000 certificates',
    bench: 'list',
    bound: 'at least',
    limit: 75,
    unit: '%',
  },
  renderAndSealVsChromium: {
    figure: 'certificate PDF render + seal, times faster than Chromium',
    bench: 'pdf',
    bound: 'at least',
    limit: 6,
    unit: '×',
  },
  publicPageWeight: {
    figure: 'heaviest public page, first load, gzipped script',
    bench: 'weights',
    bound: 'at most',
    limit: 115,
    unit: ' KB',
  },
  firstPdfInAnyScript: {
    figure: 'first six-script PDF of a fresh worker / a warm one',
    bench: 'pdf',
    bound: 'at most',
    limit: 3,
    unit: '×',
  },
  swmsWithCoverSheet: {
    figure: 'sealed SWMS PDF with cover sheet and logo',
    bench: 'swms-size',
    bound: 'at most',
    limit: 120,
    unit: ' KB',
  },
  secondStart: {
    figure: 'second `npm start`, ready to serve',
    bench: 'start',
    bound: 'at most',
    limit: 10,
    unit: ' s',
  },
} satisfies Record<string, Goal>;

type GoalName = keyof typeof goals;

const measured = new Map<GoalName, number>();

const goalText = (goal: Goal) => `goal ${goal.bound === 'at least' ? '≥' : '≤'} ${goal.limit}${goal.unit}`;
const isMet = (goal: Goal, value: number) => (goal.bound === 'at least' ? value >= goal.limit : value <= goal.limit);
const verdict = (goal: Goal, value: number) =>
  `${isMet(goal, value) ? 'met' : 'not met'}: ${goal.figure} ${format(value, 1)}${goal.unit} (${goalText(goal)})`;

/** Records `value` for the closing lines and answers the verdict, for the bench's own output. */
export function judge(name: GoalName, value: number): string {
  measured.set(name, value);
  return verdict(goals[name], value);
}

/** One line per goal: its verdict when this run measured it, else the bench that does. */
export function closingLines(): string[] {
  return (Object.keys(goals) as GoalName[]).map((name) => {
    const goal: Goal = goals[name];
    const value = measured.get(name);
    return value === undefined
      ? `not measured in this run: ${goal.figure} (${goalText(goal)}; \`npm run bench ${goal.bench}\`)`
      : verdict(goal, value);
  });
}
