import { type CoverSheetBody, coverSheetBodySchema, emptySwmsBody, type SwmsBody, swmsBodySchema } from '@app/contract';

/** The fields of each body in their fingerprint order: the schema's (never reorder; ADR 0010). */
export const swmsFields = Object.keys(swmsBodySchema.shape) as (keyof SwmsBody & string)[];
export const coverSheetFields = Object.keys(coverSheetBodySchema.shape) as (keyof CoverSheetBody & string)[];

/** A stored body read back onto today's schema: a field added later gets its empty value. */
export const parseSwmsBody = (stored: unknown): SwmsBody =>
  swmsBodySchema.parse({ ...emptySwmsBody(), ...(typeof stored === 'object' ? stored : {}) });

export const parseCoverSheetBody = (stored: unknown): CoverSheetBody => coverSheetBodySchema.parse(stored);
