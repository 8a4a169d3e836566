import { z } from 'zod/mini';

/** At most this many rows a page, on every list. */
export const MAX_PAGE_LIMIT = 100;

/**
 * The query of every list that pages (ADR 0054): `limit` rows, 1 to MAX_PAGE_LIMIT, and the opaque
 * `cursor` the previous page answered as `next_cursor`. The limit is read from its digits rather
 * than with z.coerce: a shared coerce chunk would be loaded by the public share page too
 * (PRODUCT.md, Budgets).
 */
export const pageQuery = (defaultLimit: number) => ({
  limit: z._default(
    z.pipe(z.string().check(z.regex(/^([1-9]\d?|100)$/, 'Use a limit from 1 to 100.')), z.transform(Number)),
    defaultLimit,
  ),
  cursor: z.optional(z.string().check(z.maxLength(200))),
});

/** What a page answers besides its rows: the cursor of the next page, null on the last. */
export const nextCursorSchema = z.nullable(z.string());
