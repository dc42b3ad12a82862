import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs. Card numbers and CVVs never reach a log: see the redact paths. */
export function createLogger(level: pino.LevelWithSilent): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        '*.password',
        '*.cardNumber',
        '*.cvv',
        '*.confirmPassword',
      ],
      censor: '[redacted]',
    },
  });
}
