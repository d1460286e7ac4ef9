import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * Structured JSON logs (pino). Requests are logged by path only, since query strings may hold a
 * cpf; credentials and tokens are redacted wherever they appear.
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        // @fastify/multipart logs the request headers it hands to its parser (trace level).
        '*.headers.authorization',
        '*.headers.cookie',
        '*.password',
        '*.newPassword',
        '*.access_token',
        '*.refresh_token',
        '*.cpf',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; id: string }) => ({
        id: request.id,
        method: request.method,
        path: request.url.split('?')[0],
      }),
    },
  };
}
