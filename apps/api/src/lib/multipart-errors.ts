import { limits } from '@clube/shared';
import { AppError } from './app-error';

/** The upload limit of an image, in MB, as the ImageTooLarge text names it. */
export const imageMaxMegabytes = limits.imageMaxBytes / (1024 * 1024);

/**
 * The client's error for what the multipart parser threw while an image form was read. Every
 * such error comes from the request itself (a file over the limit, too many parts, a body cut
 * off, no or an empty boundary, parts not matching the boundary), so none of them may answer 500.
 */
export function imageMultipartErrorOf(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('ImageTooLarge', { params: { maxMegabytes: imageMaxMegabytes } });
  // The other limits: more than one file, too many fields or parts.
  if (statusCode === 413) return new AppError('TooManyImages');
  return new AppError('MalformedForm');
}
