import DataLoader from 'dataloader';

/**
 * Reads rows by key in batches: the keys asked for while the event loop handles one round of
 * arrivals are read together in one query, and when `maxInFlight` batches are already reading,
 * the keys asked for meanwhile wait for the next batch, which starts as soon as one ends. A batch
 * only ever answers keys asked for before it began reading, so what it answers is as fresh as a
 * query of the request's own (a membership deleted a moment ago opens nothing); no answer is kept
 * for a later request.
 *
 * When two thousand members of a club press at once, their sessions are read in a handful of
 * queries instead of two thousand.
 */
export function batchedReads<K, V>(
  load: (keys: readonly K[]) => Promise<ReadonlyArray<V | Error>>,
  options: { maxInFlight?: number } = {},
): DataLoader<K, V> {
  const maxInFlight = options.maxInFlight ?? 2;
  let inFlight = 0;
  const waiting: Array<() => void> = [];
  const finished = () => {
    inFlight -= 1;
    waiting.shift()?.();
  };
  return new DataLoader<K, V>(
    (keys) => {
      inFlight += 1;
      const batch = load(keys);
      void batch.then(finished, finished);
      return batch;
    },
    {
      cache: false,
      batchScheduleFn: (dispatch) => {
        // After the arrivals of this round of the event loop (setImmediate), so they share it.
        if (inFlight + waiting.length < maxInFlight) setImmediate(dispatch);
        else waiting.push(dispatch);
      },
    },
  );
}
