import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// A fresh data directory per run: the server seeds the demo club and staff login into it. Workers
// load this file too but never start the server, so only the main process creates one.
const isWorker = process.env.TEST_WORKER_INDEX !== undefined;
const dataDir = isWorker ? '' : mkdtempSync(join(tmpdir(), 'clube-e2e-'));
// The run's mail server (e2e/mail-catcher.mjs) and the directory it writes each message into.
// Set here in the main process, the directory reaches the workers through their environment.
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1);
if (!isWorker) process.env.E2E_MAIL_DIR = mkdtempSync(join(tmpdir(), 'clube-e2e-mail-'));
const mailDir = process.env.E2E_MAIL_DIR ?? '';

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // One at a time: with two, the two browsers and the server contended for two cores, each flow
  // took two to five times as long as alone (the shell's 10 s took 49 s) and the whole run was
  // slower (5.3 min against 4.3 min).
  workers: 1,
  reporter: process.env.CI ? 'line' : 'list',
  // Limits that catch a hang, not a slow machine (speed is measured by `npm run bench`): the
  // longest flow takes 25 s alone on the slowest host seen.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          // Debian's Chromium: `npx playwright install` cannot download browsers here.
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
        headless: true,
      },
    },
  ],
  webServer: [
    {
      command: 'node e2e/mail-catcher.mjs',
      port: smtpPort,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_SMTP_PORT: String(smtpPort), E2E_MAIL_DIR: mailDir },
    },
    {
      command: 'node ../api/dist/server.js',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // Mail leaves through SMTP to the run's own server, as it does in production.
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      },
    },
  ],
});
