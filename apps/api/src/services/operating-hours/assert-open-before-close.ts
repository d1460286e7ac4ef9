import { minutesOfTime, openBeforeCloseMessage } from '@clube/shared';
import { AppError } from '../../lib/app-error';

/** DESIGN.md §8: open before close, on create and on update, answered as a 400 on closeTime. */
export function assertOpenBeforeClose(openTime: string, closeTime: string): void {
  if (minutesOfTime(openTime) < minutesOfTime(closeTime)) return;
  throw new AppError('ValidationError', openBeforeCloseMessage, [
    { in: 'body', path: 'closeTime', message: openBeforeCloseMessage },
  ]);
}
