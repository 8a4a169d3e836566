import type { TestContext } from 'vitest';

/**
 * The figures of the reliability suite (`npm run test:reliability`): each test adds what it proved
 * to its own task's meta, and summary-reporter.ts sums them into the one summary line.
 */
export type ReliabilityFigures = {
  isolationChecks: number;
  leaks: number;
  fuzzedRequests: number;
  serverErrors: number;
  racesHeld: number;
  acknowledgedWritesLost: number;
  badUploadsRefused: number;
  /** Unfinished request bodies (over the limit, never sent, aborted, slow, unended) the same server process outlived. */
  unfinishedBodiesSurvived: number;
};

declare module 'vitest' {
  interface TaskMeta {
    reliability?: Partial<ReliabilityFigures>;
  }
}

/** Adds `figures` to the test's meta, for the summary line. */
export function recordFigures(context: Pick<TestContext, 'task'>, figures: Partial<ReliabilityFigures>): void {
  const meta = context.task.meta.reliability ?? {};
  for (const [name, value] of Object.entries(figures) as Array<[keyof ReliabilityFigures, number]>)
    meta[name] = (meta[name] ?? 0) + value;
  context.task.meta.reliability = meta;
}
