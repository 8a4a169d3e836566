import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/** No request of ours nests deeper than a few levels; 32 leaves room and stops stack-deep payloads. */
const MAX_JSON_DEPTH = 32;

const TOO_DEEP_MESSAGE = 'The request is nested too deeply to be read. Check the data you sent and try again.';

/**
 * How deeply `text` nests arrays and objects, stopping as soon as it passes `limit`. One linear
 * pass over the raw text (brackets inside strings do not count), so a hostile body costs
 * microseconds per kilobyte and never reaches a recursive parser or walker.
 */
export function exceedsJsonDepth(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      if (++depth > limit) return true;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

/**
 * Replaces Fastify's JSON body parser with one that first bounds the nesting depth, then hands the
 * text to Fastify's own parser (which keeps its prototype-poisoning protection).
 */
export function registerBoundedJsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (exceedsJsonDepth(text, MAX_JSON_DEPTH)) {
      done(new AppError(400, 'validation_failed', TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
