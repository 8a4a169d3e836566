import { z } from 'zod/mini';

const notFoundMessages = new WeakMap<object, string>();

/**
 * A record's id in a path (issue 22): any string up to 100 characters passes the wire, and one that
 * is not a UUID names nothing, so the server answers 404 with `notFound` before any handler runs
 * (DESIGN §4: 404, not 400). No service checks an id by hand.
 */
export function recordId(notFound: string) {
  const schema = z.string().check(z.maxLength(100));
  notFoundMessages.set(schema, notFound);
  return schema;
}

/** The 404 message of a path parameter declared with recordId; undefined for any other schema. */
export const notFoundMessageOf = (schema: unknown): string | undefined =>
  typeof schema === 'object' && schema !== null ? notFoundMessages.get(schema) : undefined;
