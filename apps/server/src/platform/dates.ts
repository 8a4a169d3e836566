/**
 * How the server writes dates for people (PDFs, mails), one way each (ADR 0040). A moment is shown
 * on the business's calendar (its profile's time zone); a calendar date the user picked
 * (`2026-11-24`) has no time zone of its own and is shown as it is.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}

const longDay = { day: 'numeric', month: 'long', year: 'numeric' } as const;
const dayAndTime = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
} as const;

export const dates = {
  /** "24 November 2026": the day of a moment, on the business's calendar. */
  long: (at: Date, timeZone: string) => formatter('en-AU', { ...longDay, timeZone }).format(at),
  /** "24 November 2026": a calendar date the user picked, e.g. an installation date ("2026-11-24"). */
  calendar: (isoDay: string) =>
    formatter('en-AU', { ...longDay, timeZone: 'UTC' }).format(new Date(`${isoDay}T00:00:00Z`)),
  /** "24 Nov 2026, 9:30 am AEDT": a moment with its time on the business's clock, the zone named. */
  withTime: (at: Date, timeZone: string) => formatter('en-AU', { ...dayAndTime, timeZone }).format(at),
  /** "24 Nov 2026, 9:30:05 am AEDT": to the second, for an audit trail. */
  exact: (at: Date, timeZone: string) => formatter('en-AU', { ...dayAndTime, second: '2-digit', timeZone }).format(at),
  /** "2026-11-24": the day of a moment on the business's calendar, as a calendar date. */
  isoDay: (at: Date, timeZone: string) =>
    formatter('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at),
};

const DAY_MS = 86_400_000;

/** The moment `days` whole days (of 24 hours) after `at`; negative for before. For lifetimes and ages, not calendars. */
export const daysAfter = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);
