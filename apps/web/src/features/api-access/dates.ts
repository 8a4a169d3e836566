/** A moment as the user's locale writes it, short: "26 Nov 2026, 9:30 am". */
export const shortDateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
