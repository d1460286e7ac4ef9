import type { DatabaseHandle } from '@clube/db';
import type { ClubEvent } from '@clube/shared';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { testJwtSecret } from './helper';

/** A club's live event stream as the back office reads it: fetch with the bearer header. */
export const openStream = (baseUrl: string, companyId: string, headers: Record<string, string>) =>
  openStreamAt(`${baseUrl}/api/backoffice/events?companyId=${companyId}`, headers);

/** The member's club's live event stream, as the portal reads it. */
export const openMemberStream = (baseUrl: string, headers: Record<string, string>) =>
  openStreamAt(`${baseUrl}/api/portal/events`, headers);

async function openStreamAt(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: { name: string; data: unknown }[] = [];
  const waiters: (() => void)[] = [];
  let buffer = '';
  const pump = async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: '', done: true }));
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (name && data) events.push({ name, data: JSON.parse(data) });
        for (const wake of waiters.splice(0)) wake();
      }
    }
  };
  /** Settles when the server ends the stream (or it is closed here). */
  const ended = response.ok ? pump() : Promise.resolve();
  /** The changes received so far, once `count` of them have arrived (or after `ms`). */
  const changes = async (count: number, ms = 2000) => {
    const deadline = Date.now() + ms;
    const current = () => events.filter((event) => event.name === 'change').map((e) => e.data);
    while (current().length < count && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return current() as ClubEvent[];
  };
  const ready = async () => {
    while (!events.some((event) => event.name === 'ready'))
      await new Promise<void>((resolve) => waiters.push(resolve));
  };
  return { response, changes, ready, ended, close: () => controller.abort() };
}

export type TestServer = { app: App; baseUrl: string; close: () => Promise<void> };

/**
 * The app listening on a free port. `close` also drops the connections fetch left open: after a
 * stream is aborted, fetch may open a connection it sends no request on, and the server's close
 * would wait for that connection's request until it times out.
 */
export async function startApp(database: DatabaseHandle): Promise<TestServer> {
  const config = loadConfig({ DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/clube-test-data` });
  const app = await buildApp({ config, database, jwtSecret: testJwtSecret });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const close = async () => {
    const closed = app.close();
    app.server.closeAllConnections();
    await closed;
  };
  return { app, baseUrl: address, close };
}
