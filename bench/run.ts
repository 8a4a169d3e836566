import { closingLines } from './goals.ts';
import { runListBenchmark } from './list.bench.ts';
import { runLoadBenchmark } from './load.bench.ts';
import { runMailBenchmark } from './mail.bench.ts';
import { runOfflineBenchmark } from './offline.bench.ts';
import { runPageWeightsBenchmark } from './page-weights.bench.ts';
import { runPdfBenchmark } from './pdf.bench.ts';
import { runStartBenchmark } from './start.bench.ts';
import { runSwmsSizeBenchmark } from './swms-size.bench.ts';
import { runWorstCasePdfBenchmark } from './worst-case-pdf.bench.ts';

// `npm run bench [list|pdf|worst-pdf|mail|load|offline|weights|swms-size|start]`: figures and side-by-side
// ratios; it ends with one line per goal (goals.ts), met or not. A bench that fails is named and the
// others still run, so the closing lines always print; the exit code says a bench failed.
const benches: ReadonlyArray<readonly [string, () => Promise<void>]> = [
  ['list', runListBenchmark],
  ['pdf', runPdfBenchmark],
  ['worst-pdf', runWorstCasePdfBenchmark],
  ['mail', runMailBenchmark],
  ['load', runLoadBenchmark],
  ['offline', runOfflineBenchmark],
  ['weights', runPageWeightsBenchmark],
  ['swms-size', runSwmsSizeBenchmark],
  ['start', runStartBenchmark],
];
const only = process.argv[2];
const failed: string[] = [];
for (const [name, run] of benches) {
  if (only && only !== name) continue;
  try {
    await run();
  } catch (error) {
    failed.push(name);
    console.error(`\nThe ${name} bench failed:`, error);
  }
}

console.log('\nGoals:');
for (const line of closingLines()) console.log(`  ${line}`);
if (failed.length > 0) {
  console.log(`Failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
