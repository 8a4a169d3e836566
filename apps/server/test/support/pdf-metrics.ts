import { expect } from 'vitest';
import type { App } from '../../src/app.ts';

/**
 * Jobs of `kind` (a render, a seal, a seal check) that a PDF worker ran and that ended as `outcome`,
 * as /metrics counts them. `metricsToken`: the app's METRICS_TOKEN, when it has one.
 */
export async function pdfWorkerRuns(app: App, kind: string, outcome: string, metricsToken?: string): Promise<number> {
  const metrics = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: metricsToken ? { authorization: `Bearer ${metricsToken}` } : {},
  });
  expect(metrics.statusCode).toBe(200);
  const line = metrics.body
    .split('\n')
    .find((text) => text.startsWith(`pdf_render_duration_seconds_count{kind="${kind}",outcome="${outcome}"}`));
  return Number(line?.split(' ').at(-1) ?? 0);
}
