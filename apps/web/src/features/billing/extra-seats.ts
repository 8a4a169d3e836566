import { extraSeatsSchema, MAX_EXTRA_SEATS } from '@app/contract';

export const EXTRA_SEATS_INVALID = `Enter a whole number of extra members from 0 to ${MAX_EXTRA_SEATS}.`;

/**
 * The extra seats typed into the upgrade form or carried by test checkout's link: a count within
 * the contract's bounds (empty is none), else undefined. Three digits at most are read.
 */
export function extraSeatsOfText(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^\d{1,3}$/.test(trimmed)) return undefined;
  const parsed = extraSeatsSchema.safeParse(Number(trimmed));
  return parsed.success ? parsed.data : undefined;
}
