/**
 * Text a user typed (a name, a business name, a document title) as it may appear in a mail that we
 * send to someone else: one line, bounded, and never a link. Schemes are dropped and the dots of
 * anything that looks like a host name are bracketed ("evil[.]test/login"), so mail clients do not
 * turn it into a link and a subject cannot carry a phishing address (ADR 0023).
 */
const CONTROL_OR_LINE_BREAK = /[\p{Cc}\u2028\u2029]+/gu;
const SCHEME = /\b(?:https?|ftps?|mailto|javascript|data|file|tel|sms|www)(?::\/*|\.)/giu;
/** A dot (or a look-alike) between a letter or digit and a label of two or more. */
const HOST_DOT = /([\p{L}\p{N}-])[.\u3002\uff0e\uff61](?=[\p{L}\p{N}-]{2,})/gu;

export function plainMailText(value: string, maxLength: number): string {
  const text = value
    .replace(CONTROL_OR_LINE_BREAK, ' ')
    .replace(SCHEME, '')
    .replace(HOST_DOT, '$1[.]')
    .replace(/\s+/gu, ' ')
    .trim();
  const characters = Array.from(text);
  return characters.length > maxLength
    ? `${characters
        .slice(0, maxLength - 1)
        .join('')
        .trimEnd()}…`
    : text;
}
