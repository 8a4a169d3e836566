import { z } from 'zod/mini';

export const INVALID_DATE_MESSAGE = 'Use a real date like 2026-11-22.';
export const INVALID_ID_MESSAGE = 'This id is not valid. Reload the page and try again.';

/**
 * A calendar date as YYYY-MM-DD. Zod's ISO date knows month lengths and leap years; year 0000 is
 * refused on top because PostgreSQL's `date` has no year zero.
 */
export const isoDateSchema = z.iso.date(INVALID_DATE_MESSAGE).check(
  z.refine((value) => !value.startsWith('0000'), {
    error: INVALID_DATE_MESSAGE,
    // One message per bad date: only dates that passed the calendar check get here.
    when: (payload) => payload.issues.length === 0,
  }),
);

/**
 * An id in RFC 9562 form (what PostgreSQL's gen_random_uuid makes), lower-cased so ids compared
 * as text (photos are stored in JSON) match however the client spelled them.
 */
export const uuidSchema = z.uuid(INVALID_ID_MESSAGE).check(z.toLowerCase());

export const isIsoDate = (value: string) => isoDateSchema.safeParse(value).success;
export const isUuid = (value: string) => uuidSchema.safeParse(value).success;

/**
 * A moment as ISO 8601 in UTC (`2026-11-22T03:04:05.678Z`), as every answer gives its timestamps.
 * Plain text to zod; the OpenAPI document gives it `format: date-time` (ADR 0054).
 */
export const timestampSchema = z.string();
