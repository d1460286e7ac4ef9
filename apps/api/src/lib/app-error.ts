import { errorCodeOf, errorDefinitions, type ErrorKey } from '@clube/shared';

/** The one error type services throw; the error handler turns it into the wire body. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;

  constructor(
    readonly key: ErrorKey,
    message?: string,
    readonly details?: unknown,
  ) {
    super(message ?? errorDefinitions[key].message);
    this.name = 'AppError';
    this.statusCode = errorDefinitions[key].status;
    this.code = errorCodeOf(key);
  }
}

export const notFound = (message?: string) => new AppError('NotFound', message);
