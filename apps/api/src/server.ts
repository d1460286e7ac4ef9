import {
  DataDirLockedError,
  lockDataDir,
  makePrivateRecursively,
  openDatabase,
  restrictNewFileModes,
} from '@clube/db';
import { staffRoleLabels } from '@clube/shared';
import { buildApp } from './app';
import {
  ConfigError,
  connectionBacklog,
  loadConfig,
  resolveJwtSecret,
  resolveVapidKeys,
} from './config';
import { serveEmbeddedBackups } from './lib/backup-channel';
import { loggerOptions } from './lib/logger';
import { enqueueJob } from './lib/jobs/jobs';
import { serveMetrics } from './plugins/metrics';
import { resumeImportsJob } from './services/associates/resume-imports-job';
import { importUploadsFolder } from './services/maintenance/import-uploads-folder';
import { demoLogin, demoMemberLogin, demoRoleLogins, seedDemo } from './seed/demo';

async function main() {
  const config = loadConfig();
  // DATA_DIR holds the database, the uploads and the JWT secret: everything created from here on
  // is owner-only, and what an older version left readable by others is fixed once, at boot.
  restrictNewFileModes();
  const releaseLock = config.database.driver === 'pglite' ? lockDataDir(config.dataDir) : () => {};
  makePrivateRecursively(config.dataDir);
  const database = await openDatabase(config.database);
  const { fresh } = await database.migrate(config.migrationsDir);
  let seeded = false;
  if (fresh && config.database.driver === 'pglite' && config.seedDemo) {
    await seedDemo(database.db, { uploadsDir: config.uploadsDir });
    seeded = true;
  }

  const app = await buildApp({
    config,
    database,
    jwtSecret: resolveJwtSecret(config),
    vapidKeys: resolveVapidKeys(config),
    logger: loggerOptions(config),
    runJobs: true,
  });

  // Earlier versions kept images in DATA_DIR/uploads; whatever rows still name is copied into the
  // database before the first request, so no photo goes missing on upgrade.
  const uploads = await importUploadsFolder(database.db, { directory: config.uploadsDir });
  if (uploads.imported > 0) {
    app.log.info(
      { imported: uploads.imported, from: config.uploadsDir },
      'uploaded files copied into the database',
    );
  }
  if (uploads.missing.length > 0) {
    app.log.warn(
      {
        missing: uploads.missing.length,
        keys: uploads.missing.slice(0, 10),
        from: config.uploadsDir,
      },
      'files named by photos or logos are neither in the database nor in the uploads folder',
    );
  }

  // An associates import that a crash interrupted while writing is finished; one interrupted while
  // its file was being checked wrote nothing and is dropped (docs/decisions/007). By a job, a batch
  // at a time like the import itself: the server answers meanwhile. On the embedded database
  // nothing else can be checking a file (the data directory is locked).
  await enqueueJob(
    database.db,
    resumeImportsJob,
    config.database.driver === 'pglite' ? { staleStagingMs: 0 } : {},
  );

  // `npm run cli -- backup` asks this process for the embedded database's backup while it runs.
  const backups =
    config.database.driver === 'pglite'
      ? await serveEmbeddedBackups(database, config.dataDir)
      : null;
  if (config.database.driver === 'pglite' && !backups)
    app.log.warn(
      { dataDir: config.dataDir },
      'DATA_DIR path too long for a Unix socket: backups need the server stopped',
    );
  let metricsServer: Awaited<ReturnType<typeof serveMetrics>> | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await metricsServer?.close();
      await backups?.close();
      await app.close();
      await database.close();
    } finally {
      releaseLock();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host, backlog: connectionBacklog });
  // Prometheus scrapes each process on its own port, apart from the API (deploy/README.md).
  if (app.metrics && config.metrics)
    metricsServer = await serveMetrics(app.metrics, config.metrics);
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    '',
    `  Clube Reservas em http://${shownHost}:${port}`,
    `  Banco: ${config.database.driver === 'pglite' ? `embutido (${config.database.dataDir})` : 'PostgreSQL'}`,
    ...(metricsServer ? [`  Métricas (Prometheus): ${metricsServer.url}`] : []),
  ];
  if (config.database.driver === 'pglite' && config.seedDemo) {
    lines.push(
      `  Login de demonstração: CPF ${demoLogin.cpf} · senha ${demoLogin.password}${seeded ? ' (clube de demonstração criado agora)' : ''}`,
      ...demoRoleLogins.map(
        (login) => `  ${staffRoleLabels[login.role]}: CPF ${login.cpf} · senha ${login.password}`,
      ),
      `  Associado: CPF ${demoMemberLogin.cpf} · senha ${demoMemberLogin.password} (portal em http://${shownHost}:${port}/portal/)`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Falha ao iniciar: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  process.exit(1);
});
