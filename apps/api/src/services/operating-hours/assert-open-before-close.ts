import { minutesOfTime, openBeforeCloseMessage } from '@clube/shared';
import { AppError } from '../../lib/app-error';

/** Open before close, on create and on update too: a 400 on closeTime (docs/domain.md). */
export function assertOpenBeforeClose(openTime: string, closeTime: string): void {
  if (minutesOfTime(openTime) < minutesOfTime(closeTime)) return;
  throw new AppError('OpenTimeAfterCloseTime', {
    details: [{ in: 'body', path: 'closeTime', message: openBeforeCloseMessage }],
  });
}
