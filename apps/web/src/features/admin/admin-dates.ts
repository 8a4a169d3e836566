/** A date as the console shows it: "23 Nov 2026". */
export const shortDate = (iso: string) =>
  new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium' }).format(new Date(iso));

/** A moment as the console shows it: "23 Nov 2026, 2:05 pm". */
export const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
