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
// ratios, never a failing exit; it ends with one line per goal (goals.ts), met or not.
const only = process.argv[2];
if (!only || only === 'list') await runListBenchmark();
if (!only || only === 'pdf') await runPdfBenchmark();
if (!only || only === 'worst-pdf') await runWorstCasePdfBenchmark();
if (!only || only === 'mail') await runMailBenchmark();
if (!only || only === 'load') await runLoadBenchmark();
if (!only || only === 'offline') await runOfflineBenchmark();
if (!only || only === 'weights') await runPageWeightsBenchmark();
if (!only || only === 'swms-size') await runSwmsSizeBenchmark();
if (!only || only === 'start') await runStartBenchmark();

console.log('\nGoals:');
for (const line of closingLines()) console.log(`  ${line}`);
