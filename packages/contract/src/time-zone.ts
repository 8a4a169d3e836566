/** True for an IANA time zone name this runtime knows, e.g. "Australia/Perth". */
export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
