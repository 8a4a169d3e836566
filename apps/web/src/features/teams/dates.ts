/** A day as the user's locale writes it, short: "6 Dec 2026". */
export const shortDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
