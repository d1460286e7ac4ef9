import { useState } from 'react';

/**
 * True from the first render where `value` is true, for good. A dialog fetched on first open
 * mounts then and stays mounted, so closing it still plays its way out.
 */
export function useHasBeenTrue(value: boolean): boolean {
  const [hasBeenTrue, setHasBeenTrue] = useState(value);
  if (value && !hasBeenTrue) setHasBeenTrue(true);
  return hasBeenTrue || value;
}
