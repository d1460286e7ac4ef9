import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectionBacklog } from '../src/config';
import { temporaryDirectories } from './helper';
import { startServer } from './server-process';

const temporaryDirectory = temporaryDirectories('listen-backlog');

describe('the server process', () => {
  it('keeps a queue of thousands of connections not yet accepted, for a rush of phones', async () => {
    const server = await startServer({ DATA_DIR: join(temporaryDirectory(), 'data') });
    try {
      const port = new URL(server.url).port;
      // For a listening socket, ss shows the queue's size as its Send-Q.
      const line = execFileSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' }).trim();
      const sendQueue = Number(line.split(/\s+/)[2]);
      const systemCap = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
      expect(sendQueue).toBe(Math.min(connectionBacklog, systemCap));
      expect(sendQueue).toBeGreaterThan(511); // Node's default
    } finally {
      expect((await server.stop()).code).toBe(0);
    }
  });
});
