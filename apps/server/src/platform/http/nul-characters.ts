import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from '../errors.ts';

const NUL_MESSAGE = 'Some text contains a null character, which cannot be saved. Remove it and try again.';

type Visit = { value: unknown; key: string; parent: Visit | null };

const pathTo = (visit: Visit): string[] => {
  const path: string[] = [];
  for (let step: Visit | null = visit; step?.parent; step = step.parent) path.push(step.key);
  return path.reverse();
};

/**
 * The path (`photos.2.caption`) of the first string holding U+0000, or null if there is none.
 * Iterative, and each node is visited once (paths are built only for a hit), so the cost is linear
 * in the size of the input whatever its shape; JSON bodies are depth-bounded before they get here.
 */
function pathOfNulCharacter(value: unknown): string[] | null {
  const pending: Visit[] = [{ value, key: '', parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return pathTo(visit);
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      // Pushed in reverse so the first field is checked first, as a reader would expect.
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, entry] = entries[index] as [string, unknown];
        pending.push({ value: entry, key, parent: visit });
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in the input would fail the write as a 500.
 * Runs before validation on every route: URL parameters, query string and JSON body.
 */
export function rejectNulCharacters(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  for (const part of ['params', 'query', 'body'] as const) {
    const path = pathOfNulCharacter(request[part]);
    if (path) {
      const field = path.join('.') || part;
      return done(new AppError(400, 'validation_failed', NUL_MESSAGE, [{ path: field, message: NUL_MESSAGE }]));
    }
  }
  done();
}
