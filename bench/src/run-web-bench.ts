// `npm run bench:web`: the production build's gzipped JavaScript per route (the route's own chunk
// and everything a first visit loads, per entry: back office and members' portal), then
// Lighthouse (Debian's Chromium) on /login, /dashboard, the portal's sign-in page and a place's
// availability, with their performance and accessibility scores. Reports, never asserts.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { root, startServer } from './server';
const dist = join(root, 'apps/web/dist');
const log = (line: string) => process.stdout.write(`${line}\n`);

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
};

function chunkSizes() {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const gzipOf = (file: string) => gzipSync(readFileSync(join(dist, file))).length;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
    return seen;
  };
  const sumGzip = (files: Set<string>) =>
    [...files].reduce((total, file) => total + gzipOf(manifest[file]!.file), 0);
  // Two entries: the back office (index.html) and the members' portal (portal/index.html). A
  // route's first load is its own entry's closure plus the route's chunk.
  const backofficeEntry = closure('index.html');
  const portalEntry = manifest['portal/index.html'] ? closure('portal/index.html') : null;
  const rows = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry && /-page\.tsx$/.test(chunk.src ?? ''))
    .map(([key, chunk]) => {
      const isPortal = (chunk.src ?? '').includes('src/portal/');
      const entryFiles = isPortal && portalEntry ? portalEntry : backofficeEntry;
      const name = (chunk.src ?? key).replace(/^.*\//, '').replace(/\.tsx$/, '');
      return {
        route: isPortal ? `portal/${name}` : name,
        ownKb: gzipOf(chunk.file) / 1024,
        firstLoadKb: sumGzip(new Set([...entryFiles, ...closure(key)])) / 1024,
      };
    });
  if (portalEntry) {
    // The portal's sign-in page is part of its entry (where almost every visit starts).
    const entryKb = sumGzip(portalEntry) / 1024;
    rows.push({ route: 'portal/sign-in-page (entry)', ownKb: entryKb, firstLoadKb: entryKb });
  }
  rows.sort((left, right) => left.route.localeCompare(right.route));
  return rows;
}

async function main() {
  const sizes = chunkSizes();
  console.table(
    sizes.map((row) => ({
      rota: row.route,
      'chunk gzip KB': row.ownKb.toFixed(1),
      'primeira carga gzip KB': row.firstLoadKb.toFixed(1),
    })),
  );

  // Lighthouse's performance score moves with whatever else the machine is doing.
  const loadAverageBefore = loadavg().map((value) => Number(value.toFixed(2)));
  const dataDir = mkdtempSync(join(tmpdir(), 'clube-bench-web-'));
  const port = 3990;
  const { process: server } = await startServer({ DATA_DIR: dataDir }, port);
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const scores: Array<{
    page: string;
    preset: string;
    performance: number;
    accessibility: number;
    /** Accessibility audits that did not pass, so a score under 100 says what to fix. */
    failingAccessibilityAudits: string[];
    /** The metrics the performance score is made of, in ms (CLS unitless). */
    metrics: Record<string, number>;
  }> = [];
  try {
    const base = `http://127.0.0.1:${port}`;
    const presets = [
      ['mobile', undefined],
      ['desktop', desktopConfig],
    ] as const;
    const measure = async (path: string, [preset, config]: (typeof presets)[number]) => {
      const result = await lighthouse(
        `${base}${path}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          disableStorageReset: true,
        },
        config,
      );
      const { audits, categories } = result!.lhr;
      const failingAccessibilityAudits = (categories.accessibility?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null)
        .filter((ref) => (audits[ref.id]?.score ?? 0) < 1)
        .map((ref) => ref.id);
      scores.push({
        page: path,
        preset,
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        failingAccessibilityAudits,
        metrics: Object.fromEntries(
          [
            'first-contentful-paint',
            'largest-contentful-paint',
            'total-blocking-time',
            'cumulative-layout-shift',
            'speed-index',
          ].map((id) => [id, Math.round((audits[id]?.numericValue ?? 0) * 1000) / 1000]),
        ),
      });
      log(
        `  Lighthouse ${preset} ${path}: desempenho ${scores.at(-1)!.performance}, acessibilidade ${scores.at(-1)!.accessibility} ${JSON.stringify(scores.at(-1)!.metrics)}${failingAccessibilityAudits.length ? ` (falham: ${failingAccessibilityAudits.join(', ')})` : ''}`,
      );
    };

    // /login as a visitor sees it: before anyone signs in (a stored session would redirect it).
    for (const preset of presets) await measure('/login', preset);

    // Then sign in once through the real form so /dashboard is measured as staff see it.
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel('CPF').fill('52998224725');
    await page.getByLabel('Senha', { exact: true }).fill('clube123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/select-company');
    await page.getByRole('button', { name: /Clube Demonstração/ }).click();
    await page.waitForURL('**/dashboard');
    await page.close();
    for (const preset of presets) await measure('/dashboard', preset);

    // The members' portal: its sign-in page as a visitor first sees it, then a place's
    // availability once the demo member has signed in (the member's own session key).
    // A member's first visit shares nothing with the back office's cache: the chunks both
    // entries use (React, the router) were cached by the pages above, so the cache goes first.
    const cachePage = await browser.contexts()[0]!.newPage();
    await (await cachePage.context().newCDPSession(cachePage)).send('Network.clearBrowserCache');
    await cachePage.close();
    for (const preset of presets) await measure('/portal/entrar', preset);
    const memberPage = await browser.contexts()[0]!.newPage();
    await memberPage.goto(`${base}/portal/entrar`);
    await memberPage.getByLabel('CPF').fill('10000000108');
    await memberPage.getByLabel('Senha', { exact: true }).fill('socio123');
    await memberPage.getByRole('button', { name: 'Entrar' }).click();
    await memberPage.waitForURL('**/portal/inicio');
    await memberPage.goto(`${base}/portal/espacos`);
    await memberPage
      .getByRole('link', { name: /^Ver horários/ })
      .first()
      .click();
    await memberPage.waitForURL('**/portal/espacos/*');
    const availabilityPath = new URL(memberPage.url()).pathname;
    await memberPage.close();
    for (const preset of presets) await measure(availabilityPath, preset);
    await browser.close();
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.table(scores.map(({ metrics: _metrics, ...row }) => row));
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const file = join(root, `bench/results/${new Date().toISOString().slice(0, 10)}-web.json`);
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        loadAverage: {
          before: loadAverageBefore,
          after: loadavg().map((value) => Number(value.toFixed(2))),
        },
        chunks: sizes,
        lighthouse: scores,
      },
      null,
      2,
    )}\n`,
  );
  log(`Resultados em ${file}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
