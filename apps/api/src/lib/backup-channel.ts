import { chmodSync, createWriteStream, existsSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { dumpPglite, privateFileMode, type DatabaseHandle } from '@clube/db';

/**
 * The channel through which `npm run cli -- backup` asks a running server for a backup of the
 * embedded database: an HTTP server on a Unix socket inside DATA_DIR. DATA_DIR and the socket are
 * owner-only, so only the server's own user (and root) can connect: no port, no token. The server
 * holds the data directory's lock, so no other process can open the database; it alone can take
 * the backup, and it does so without stopping (PGlite writes the tarball between two statements:
 * a transaction in progress is left out, as a crash would leave it).
 */
export const backupSocketName = 'backup.sock';

/** Unix socket paths are limited to about 107 bytes; past it there is no channel. */
const maxSocketPathLength = 100;

export const backupSocketPath = (dataDir: string) => join(dataDir, backupSocketName);

/**
 * Serves `GET /backup` (the gzip tarball of the database) on DATA_DIR's socket until closed;
 * `null` when the socket's path is too long for the system.
 */
export async function serveEmbeddedBackups(
  database: DatabaseHandle,
  dataDir: string,
): Promise<{ path: string; close: () => Promise<void> } | null> {
  const path = backupSocketPath(dataDir);
  if (path.length > maxSocketPathLength) return null;
  // The server holds DATA_DIR's lock: a socket left there is a crashed server's.
  rmSync(path, { force: true });
  const server = createServer((incoming, response) => {
    if (incoming.method !== 'GET' || incoming.url !== '/backup') {
      response.writeHead(404).end();
      return;
    }
    dumpPglite(database, 'gzip').then(
      async (dump) => {
        const bytes = Buffer.from(await dump.arrayBuffer());
        response
          .writeHead(200, {
            'content-type': 'application/gzip',
            'content-length': bytes.length,
          })
          .end(bytes);
      },
      (error: unknown) => response.writeHead(500).end(String((error as Error).message)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, resolve);
  });
  chmodSync(path, privateFileMode);
  return {
    path,
    close: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          rmSync(path, { force: true });
          resolve();
        }),
      ),
  };
}

/**
 * Asks the server running on DATA_DIR for a backup and writes it to `file` (owner-only);
 * false when no server answers on its socket.
 */
export async function backupThroughRunningServer(dataDir: string, file: string): Promise<boolean> {
  const socketPath = backupSocketPath(dataDir);
  if (!existsSync(socketPath)) return false;
  return new Promise<boolean>((resolve, reject) => {
    const asked = request({ socketPath, path: '/backup', method: 'GET' }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`o servidor respondeu ${response.statusCode} ao pedido de backup`));
        return;
      }
      pipeline(response, createWriteStream(file, { mode: privateFileMode })).then(
        () => resolve(true),
        reject,
      );
    });
    asked.on('error', (error: NodeJS.ErrnoException) =>
      // A socket left by a server that is gone: nobody answers.
      error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? resolve(false) : reject(error),
    );
    asked.end();
  });
}
