import { z } from 'zod/mini';

/**
 * Who made a record, as the business's lists show it: null once the maker's account is gone (the
 * web shows "Former member"; the record stays with the business, ADR 0077). The name is the one the
 * member prints, else their email address.
 */
export const madeBySchema = z.nullable(z.object({ user_id: z.string(), name: z.string() }));
export type MadeBy = z.output<typeof madeBySchema>;

/** A list's "Mine" filter: `me` keeps the caller's own records; left out, everyone's in the business. */
export const madeByFilterSchema = z.optional(z.enum(['me']));
export type MadeByFilter = z.output<typeof madeByFilterSchema>;
