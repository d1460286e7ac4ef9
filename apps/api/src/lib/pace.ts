/** The longest rest between two pieces of background work. */
export const maxRestMs = 1_000;

/**
 * Waits as long as the piece of background work just done took (at least the event loop's next
 * turn, at most `maxRestMs`). On the embedded database every statement runs on the one connection
 * and in the API's own thread: background work that rests as long as it worked takes at most about
 * half of them, and the requests that arrive meanwhile have the other half.
 */
export function restAsLongAs(elapsedMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (elapsedMs < 1) setImmediate(resolve);
    else setTimeout(resolve, Math.min(elapsedMs, maxRestMs));
  });
}
