import { isIsoDate, uuidSchema } from '@app/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod/mini';
import { AppError } from '../errors.ts';

/** Where a list page ends: the exact created_at (as PostgreSQL text) and id of its last row. */
export type ListPosition = { createdAt: string; id: string };

// PostgreSQL's ISO text for a timestamptz, e.g. "2026-11-15 02:00:00.123456+00" or "…+05:30".
const TIMESTAMP_TEXT =
  /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-](0\d|1[0-5])(:[0-5]\d){0,2}$/;

// Everything the SQL casts is checked here, so a forged cursor is a 400 and never a cast error.
const positionSchema = z.tuple([
  z.string().check(z.refine((text) => isIsoDate(TIMESTAMP_TEXT.exec(text)?.[1] ?? ''))),
  uuidSchema,
]);

const outOfDate = () =>
  new AppError(400, 'validation_failed', 'This page link is out of date. Reload the list and try again.', [
    { path: 'cursor', message: 'Reload the list to get a fresh page link.' },
  ]);

// Cursors carry the microsecond timestamp as Postgres text: a JS Date would drop precision and skip rows.
export function encodeCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): ListPosition | undefined {
  if (!cursor) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    throw outOfDate();
  }
  const parsed = positionSchema.safeParse(decoded);
  if (!parsed.success) throw outOfDate();
  const [createdAt, id] = parsed.data;
  return { createdAt, id };
}

/**
 * Every list of the API pages the same way (ADR 0054): newest first by (created_at, id), `limit`
 * rows from `limit + 1` read, and an opaque cursor naming the last row answered.
 */
export const keysetPage = {
  /** The rows after `position` in (created_at desc, id desc) order; no condition for the first page. */
  after: (createdAt: AnyColumn, id: AnyColumn, position: ListPosition | undefined): SQL | undefined =>
    position && sql`(${createdAt}, ${id}) < (${position.createdAt}::timestamptz, ${position.id}::uuid)`,

  /** The exact created_at as PostgreSQL text, for the cursor (a JS Date would drop its microseconds). */
  position: (createdAt: AnyColumn) => sql<string>`${createdAt}::text`,

  /** The page of at most `limit` of `rows` (read with `limit + 1`), and the next page's cursor, null on the last. */
  of<Row>(
    rows: Row[],
    limit: number,
    positionOf: (row: Row) => ListPosition,
  ): { rows: Row[]; next_cursor: string | null } {
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return { rows: page, next_cursor: rows.length > limit && last ? encodeCursor(positionOf(last)) : null };
  },
};
