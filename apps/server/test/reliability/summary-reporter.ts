import type { Reporter, TestModule } from 'vitest/node';
import type { ReliabilityFigures } from './figures.ts';

const count = (value: number) => value.toLocaleString('en-AU');

/**
 * Prints the reliability suite's one summary line (when the run included the `reliability` project): the figures every test recorded (figures.ts),
 * summed over the run, and its wall time.
 */
export default class ReliabilitySummary implements Reporter {
  private started = performance.now();

  onTestRunStart() {
    this.started = performance.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    // Other projects' runs print nothing here.
    if (!testModules.some((module) => module.project.name === 'reliability')) return;
    const total: ReliabilityFigures = {
      isolationChecks: 0,
      leaks: 0,
      fuzzedRequests: 0,
      serverErrors: 0,
      racesHeld: 0,
      acknowledgedWritesLost: 0,
      badUploadsRefused: 0,
      unfinishedBodiesSurvived: 0,
    };
    let failed = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        if (test.result().state === 'failed') failed++;
        const figures = test.meta().reliability ?? {};
        for (const [name, value] of Object.entries(figures) as Array<[keyof ReliabilityFigures, number]>)
          total[name] += value;
      }
    }
    const seconds = Math.round((performance.now() - this.started) / 1000);
    const line = [
      `${count(total.isolationChecks)} isolation checks`,
      `${count(total.fuzzedRequests)} fuzzed requests`,
      `${count(total.serverErrors)} 5xx`,
      `${count(total.leaks)} leaks`,
      `${count(total.racesHeld)} races held`,
      `${count(total.acknowledgedWritesLost)} acknowledged writes lost (kill -9)`,
      `${count(total.badUploadsRefused)} bad uploads refused`,
      `${count(total.unfinishedBodiesSurvived)} unfinished bodies survived`,
    ].join(', ');
    process.stdout.write(`\nreliability: ${line}${failed ? `, ${failed} tests FAILED` : ''} — ${seconds} s\n`);
  }
}
