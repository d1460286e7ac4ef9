import { createParser } from 'eventsource-parser';
import { fetchWithSession } from './api-client';

export type StreamEvent = { name: string; data: string };

/**
 * Reads a text/event-stream with a realm's session (renewed once on a 401): the back office's
 * staff session unless `fetchWithSession` names the portal's.
 * The stream's framing (line endings, data over several lines, comments, retry fields) is the
 * maintained parser's; an event without data is no event, as in EventSource. Resolves when the
 * server ends the stream (a token expiring ends it), rejects on failure; the caller reconnects.
 */
export async function readEventStream(
  path: string,
  options: {
    query?: Record<string, string>;
    signal: AbortSignal;
    onEvent: (event: StreamEvent) => void;
    fetchWithSession?: typeof fetchWithSession;
  },
): Promise<void> {
  const response = await (options.fetchWithSession ?? fetchWithSession)(path, {
    query: options.query,
    headers: { accept: 'text/event-stream' },
    signal: options.signal,
  });
  const parser = createParser({
    onEvent: (event) => options.onEvent({ name: event.event ?? 'message', data: event.data }),
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    parser.feed(value);
  }
}
