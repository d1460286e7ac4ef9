import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildSession } from '@/testing/factories';
import { apiError, mockApi, route } from '@/testing/mock-api';
import { readEventStream, type StreamEvent } from './event-stream';
import { setSession } from './session';

describe('event stream', () => {
  it('reads events split across chunks, with CRLF endings, comments and several data lines', async () => {
    setSession(buildSession());
    const chunks = [
      ': keep-alive\r\n\r\nevent: rea',
      'dy\r\ndata: {}\r\n\r\n',
      'event: change\ndata: {"a":1,\ndata: "b":2}\n\nid: 7\n\n',
      'data: plain\n\n',
    ];
    mockApi(
      route.get(
        '/backoffice/events',
        () =>
          new HttpResponse(
            new ReadableStream({
              start(controller) {
                for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
                controller.close();
              },
            }),
            { headers: { 'content-type': 'text/event-stream' } },
          ),
      ),
    );
    const events: StreamEvent[] = [];

    await readEventStream('/backoffice/events', {
      signal: new AbortController().signal,
      onEvent: (event) => events.push(event),
    });

    // The comment and the event with no data are none; an unnamed event is a 'message'.
    expect(events).toEqual([
      { name: 'ready', data: '{}' },
      { name: 'change', data: '{"a":1,\n"b":2}' },
      { name: 'message', data: 'plain' },
    ]);
  });

  it('fails with the status of a stream the server refuses, so the caller reconnects', async () => {
    setSession(buildSession());
    mockApi(route.get('/backoffice/events', apiError('PermissionDenied')));

    await expect(
      readEventStream('/backoffice/events', {
        signal: new AbortController().signal,
        onEvent: () => {},
      }),
    ).rejects.toMatchObject({ status: 403 });
  });
});
