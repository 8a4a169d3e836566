import { listStatementText } from '../apps/server/src/features/certificates/list-statements.ts';
import { format, type Stats } from './support.ts';

/* What the benchmarks that print the API's throughput beside the same SQL run directly share. */

/** One line of a throughput table: the label, requests a second, p50 and p99. */
export function statsRow(label: string, stats: Stats, labelWidth: number) {
  return `${label.padEnd(labelWidth)} ${format(stats.perSecond, 0).padStart(8)} req/s   p50 ${format(stats.p50, 2).padStart(7)} ms   p99 ${format(stats.p99, 2).padStart(7)} ms`;
}

/**
 * The statement the certificate list runs for page one (certificates/list-statements.ts), run the
 * same way as a named statement, parsed and planned once per connection (the maker's name joined as
 * the API's is); its values are the business id and the page size + 1.
 */
export const listPageOneStatement = (name: string) => ({
  name,
  text: listStatementText({ status: false, search: false, madeBy: false, after: false }),
});
