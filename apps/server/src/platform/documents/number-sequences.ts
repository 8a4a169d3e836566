import type { DocumentKind } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { documentNumberSequences } from './documents.schema.ts';

/**
 * The next number of a business's documents of one kind in one year (1, 2, …): one numbering
 * whichever member issues (ADR 0077). One upsert, so concurrent callers never get the same number;
 * in the caller's transaction, so a rollback gives it back.
 */
export async function nextDocumentNumber(db: Queryable, businessId: string, kind: DocumentKind, year: number) {
  const result = await db.execute<{ last_number: number }>(sql`
    insert into ${documentNumberSequences} (business_id, kind, year, last_number) values (${businessId}, ${kind}, ${year}, 1)
    on conflict (business_id, kind, year) do update set last_number = ${documentNumberSequences.lastNumber} + 1
    returning last_number`);
  const value = result.rows[0]?.last_number;
  if (value === undefined) throw new Error('document number sequence returned nothing');
  return value;
}

/** PREFIX-YEAR-NNNN, e.g. WPC-2026-0001; numbers past 9999 simply grow a digit. */
export function formatDocumentNumber(prefix: string, year: number, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(4, '0')}`;
}

/** The number step every kind takes (ADR 0071): the business's next number of `kind` in `year`, as printed. */
export async function numberDocument(
  db: Queryable,
  businessId: string,
  kind: DocumentKind,
  prefix: string,
  year: number,
): Promise<string> {
  return formatDocumentNumber(prefix, year, await nextDocumentNumber(db, businessId, kind, year));
}
