import type { ServerResponse } from 'node:http';
import { Socket } from 'node:net';

/** The socket's own queue in libuv: bytes handed to the connection that the kernel has not taken. */
type WithHandle = { _handle?: { writeQueueSize?: number } | null };

/**
 * What the connection has taken so far and what it still holds for the client: the bytes handed
 * to it (`bytesWritten`, its own buffer included) and the bytes it has not passed to the kernel
 * yet (its buffer and libuv's queue, which shrinks as the client reads a large write).
 */
function progressOf(socket: Socket) {
  const queued = (socket as unknown as WithHandle)._handle?.writeQueueSize ?? 0;
  return {
    mark: `${socket.bytesWritten}:${queued}`,
    pending: socket.writableLength + queued,
  };
}

/**
 * Drops the connection of an answer its client stopped reading: bytes wait to leave and none has
 * left for `idleMs`. An answer that keeps flowing, however long (an export of hundreds of
 * thousands of rows), is never cut, and one whose producer is slow is not blamed on its client.
 * Checked four times per `idleMs`, so a stalled connection goes within 1.25 × `idleMs`.
 * Answers without a real socket (`app.inject`) have no deadline.
 */
export function dropWhenStalled(response: ServerResponse, idleMs: number) {
  const socket = response.socket;
  if (!(socket instanceof Socket)) return;
  const step = Math.max(10, idleMs / 4);
  let last = progressOf(socket).mark;
  let stalledSince = performance.now();
  let timer: NodeJS.Timeout;
  const check = () => {
    const now = performance.now();
    const progress = progressOf(socket);
    if (progress.mark !== last || progress.pending === 0) {
      last = progress.mark;
      stalledSince = now;
    } else if (now - stalledSince >= idleMs) {
      response.destroy();
      return;
    }
    timer = setTimeout(check, step);
    timer.unref();
  };
  timer = setTimeout(check, step);
  timer.unref();
  const clear = () => clearTimeout(timer);
  response.once('finish', clear);
  response.once('close', clear);
}
