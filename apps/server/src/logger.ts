import pino from 'pino';

/**
 * Structured JSON logs, to stdout unless `destination` is given. Secrets are redacted wherever they
 * might appear in a logged object.
 */
export function createLogger(level: pino.LevelWithSilent, destination?: pino.DestinationStream) {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          // @fastify/multipart traces the options it gives busboy, the request's headers among them.
          'busboyOptions.headers.authorization',
          'busboyOptions.headers.cookie',
          '*.password',
          '*.access_token',
          '*.refresh_token',
          '*.token',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
