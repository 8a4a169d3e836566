import { sha256Hex } from '../crypto/tokens.ts';

/** Plain data a document's content is made of (dates as ISO strings). */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/**
 * JSON with every object's keys sorted and arrays kept in order: the same content always gives the
 * same text, whatever order a row or a jsonb column handed its keys over in.
 */
export function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * SHA-256 (hex) of a document's content, printed on its PDF and shown online so a paper copy can
 * be checked against the live record; signing records it at send and at signature. The top-level
 * fields stay in the order the document kind lists them: that order is part of the kind's
 * fingerprint format (add fields at the end, never reorder, or every printed copy stops matching).
 * Nested values are canonical.
 */
export function documentFingerprint(fields: { readonly [name: string]: JsonValue }): string {
  const body = Object.entries(fields).map(([name, value]) => `${JSON.stringify(name)}:${canonicalJson(value)}`);
  return sha256Hex(`{${body.join(',')}}`);
}
