import { isValidTimeZone } from '@app/contract';

/** A day as the user's locale writes it, short: "6 Dec 2026". */
export const shortDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/**
 * When something happened, in the business's time zone (the server answers it with the page): "29 Nov
 * 2026, 2:05 pm". The browser's own zone while the zone is not known or this browser does not know it.
 */
export function activityTime(iso: string, timeZone: string | undefined): string {
  const zone = timeZone && isValidTimeZone(timeZone) ? timeZone : undefined;
  return new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(
    new Date(iso),
  );
}
