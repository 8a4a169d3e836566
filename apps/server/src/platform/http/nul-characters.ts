import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const NUL_MESSAGE = 'Some text contains a null character, which cannot be saved. Remove it and try again.';

/** The path (`photos.2.caption`) of the first string holding U+0000, or null if there is none. */
export function pathOfNulCharacter(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, entry] of Object.entries(value)) {
    const found = pathOfNulCharacter(entry, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in the input would fail the write as a 500.
 * Runs before validation on every route: URL parameters, query string and JSON body.
 */
export async function rejectNulCharacters(request: FastifyRequest) {
  for (const part of ['params', 'query', 'body'] as const) {
    const path = pathOfNulCharacter(request[part]);
    if (path) {
      const field = path.join('.') || part;
      throw new AppError(400, 'validation_failed', NUL_MESSAGE, [{ path: field, message: NUL_MESSAGE }]);
    }
  }
}
