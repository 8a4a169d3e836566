import { runListBenchmark } from './list.bench.ts';
import { runLoadBenchmark } from './load.bench.ts';
import { runMailBenchmark } from './mail.bench.ts';
import { runOfflineBenchmark } from './offline.bench.ts';
import { runPageWeightsBenchmark } from './page-weights.bench.ts';
import { runPdfBenchmark } from './pdf.bench.ts';
import { runWorstCasePdfBenchmark } from './worst-case-pdf.bench.ts';

// `npm run bench [list|pdf|worst-pdf|mail|load|offline|weights]`: figures and side-by-side ratios, never pass/fail.
const only = process.argv[2];
if (!only || only === 'list') await runListBenchmark();
if (!only || only === 'pdf') await runPdfBenchmark();
if (!only || only === 'worst-pdf') await runWorstCasePdfBenchmark();
if (!only || only === 'mail') await runMailBenchmark();
if (!only || only === 'load') await runLoadBenchmark();
if (!only || only === 'offline') await runOfflineBenchmark();
if (!only || only === 'weights') await runPageWeightsBenchmark();
