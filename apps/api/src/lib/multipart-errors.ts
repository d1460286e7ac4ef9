import { AppError } from './app-error';

export const malformedFormMessage = 'O formulário enviado está incompleto ou malformado.';

/**
 * The client's error for what the multipart parser threw while a form was read. Every such error
 * comes from the request itself (a file over the limit, too many parts, a body cut off, no or an
 * empty boundary, parts not matching the boundary), so none of them may answer 500.
 */
export function multipartErrorOf(
  error: unknown,
  messages: { fileTooLarge: string; tooManyParts: string },
): AppError {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('PayloadTooLarge', messages.fileTooLarge);
  // The other limits: more than one file, too many fields or parts.
  if (statusCode === 413) return new AppError('PayloadTooLarge', messages.tooManyParts);
  return new AppError('ValidationError', malformedFormMessage);
}
