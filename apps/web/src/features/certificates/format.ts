/** Today's date as YYYY-MM-DD in `timeZone` (the user's, from their profile), for a date input. */
export function todayIn(timeZone: string, now = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const calendarDate = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A YYYY-MM-DD calendar date as people read it, e.g. "22 November 2026" (no time-zone shift). */
export function formatCalendarDate(isoDate: string): string {
  return calendarDate.format(new Date(`${isoDate}T00:00:00Z`));
}

/** The calendar date of an instant, in the reader's own time zone. */
export function formatInstantDate(instant: string): string {
  return new Date(instant).toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric' });
}

/** Read from a URL: the `?version=N` a version's QR code carries: a positive whole number, else none (the current version). */
export function versionParam(search: URLSearchParams): number | undefined {
  const value = search.get('version');
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : undefined;
}
