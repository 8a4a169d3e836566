import { isIsoDate, uuidSchema } from '@app/contract';
import { z } from 'zod/mini';
import { AppError } from '../../platform/http/errors.ts';

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
