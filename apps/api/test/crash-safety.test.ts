import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { placeImages, storedFiles } from '@clube/db';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { runCrashScenario } from './crash-load';
import { createClubWithStaff, createPlace, staffPassword } from './factories';
import { temporaryDirectories } from './helper';
import { loginThrough, startServer, withEmbeddedDatabase } from './server-process';

/**
 * Real server processes on an embedded database in a temporary DATA_DIR: kill -9 in the middle of
 * a booking load, and SIGTERM in the middle of an upload. The same crash runs on PostgreSQL in
 * with-postgres/crash-safety.test.ts.
 */

const temporaryDataDir = temporaryDirectories('crash');

/** Polls until `condition` holds, for at most `timeoutMs`. */
async function waitFor(condition: () => boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('kill -9 during a booking load (embedded database)', () => {
  it('keeps every booking answered 201, nothing half-written, and restarts cleanly', async () => {
    const dataDir = temporaryDataDir();
    await runCrashScenario({
      env: { DATA_DIR: dataDir },
      withDatabase: (use) => withEmbeddedDatabase(dataDir, use),
      afterKill: (killed) => {
        // The killed process could not remove its lock; the restart must take it over.
        expect(readFileSync(join(dataDir, '.lock'), 'utf8')).toBe(String(killed.child.pid));
      },
    });
  }, 300_000);
});

describe('SIGTERM', () => {
  it('finishes the upload in flight, refuses new requests, then exits 0', async () => {
    const dataDir = temporaryDataDir();
    const { staff, place } = await withEmbeddedDatabase(dataDir, async (db) => {
      const club = await createClubWithStaff(db);
      return { ...club, place: await createPlace(db, club.company.id) };
    });
    const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const token = await loginThrough(server.url, staff.cpf, staffPassword);

    const image = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#e76f51' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('placeId', place.id);
    form.append('description', 'Enviada durante o desligamento');
    form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'quadra.png');
    const encoded = new Request('http://127.0.0.1/', { method: 'POST', body: form });
    const body = Buffer.from(await encoded.arrayBuffer());
    const half = Math.floor(body.length / 2);

    // Half the upload is sent; the rest only once the server is already shutting down.
    const upload = httpRequest(`${server.url}/api/backoffice/placeImage`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': encoded.headers.get('content-type')!,
        'content-length': String(body.length),
      },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      upload.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      upload.on('error', reject);
    });
    upload.write(body.subarray(0, half));
    await waitFor(
      () => server.output().includes('"path":"/api/backoffice/placeImage"'),
      'the upload to reach the handler',
    );

    server.child.kill('SIGTERM');
    await waitFor(() => server.output().includes('draining in-flight requests'), 'the shutdown');
    const late = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(10_000) })
      .then((response) => response.status)
      .catch(() => 'refused');
    expect(late).not.toBe(200);

    upload.end(body.subarray(half));
    const response = await answered;
    expect(response.status, response.body).toBe(201);
    const created = JSON.parse(response.body) as { id: string };
    expect((await server.exited).code).toBe(0);

    await withEmbeddedDatabase(dataDir, async (db) => {
      const [row] = await db.select().from(placeImages).where(eq(placeImages.id, created.id));
      expect(row).toBeDefined();
      const files = await db
        .select({ key: storedFiles.key })
        .from(storedFiles)
        .where(inArray(storedFiles.key, [row!.fileKey, row!.thumbnailKey]));
      expect(files).toHaveLength(2);
    });
  }, 300_000);
});
