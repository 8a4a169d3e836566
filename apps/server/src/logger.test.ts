import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

describe('logs', () => {
  it('redact the bearer token @fastify/multipart traces with the options it gives busboy', () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger('trace', destination);
    logger.trace(
      { busboyOptions: { headers: { authorization: 'Bearer secret-token', cookie: 'session=secret' } } },
      'Providing options to busboy',
    );
    expect(lines.join('')).toContain('Providing options to busboy');
    expect(lines.join('')).not.toContain('secret');
  });
});
