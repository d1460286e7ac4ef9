import { clubDateOf, type CreatedBlocks } from '@clube/shared';
import { useState } from 'react';

/**
 * The day the blocks list shows: the page's own at first, then the day of the first block just
 * created, so the list shows what was made (the list reopens on that day: key it by `day`).
 */
export function useShownDay(timezone: string, initialDate: string | undefined) {
  const [created, setCreated] = useState<string | undefined>(undefined);
  return {
    day: created ?? initialDate,
    showCreated(result: CreatedBlocks) {
      const first = result.items[0];
      if (first) setCreated(clubDateOf(new Date(first.startAt), timezone));
    },
  };
}
