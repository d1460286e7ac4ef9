import { backgroundWorkSchema, errorBodySchema } from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { readQueueDepths } from '../lib/jobs/jobs';
import {
  checkDatabase,
  checkMigrations,
  latestMigrationOf,
} from '../services/maintenance/check-database';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const latestMigration = latestMigrationOf(app.config.migrationsDir);

  app.get(
    '/health',
    {
      // Answers even while requests queue: a busy process is not a dead one.
      config: { admission: 'exempt' },
      schema: {
        tags: ['health'],
        summary: 'O servidor e o banco respondem',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
          503: errorBodySchema,
        },
      },
    },
    async (request) => {
      await checkDatabase(app.db, { log: request.log });
      return { status: 'ok' as const, database: app.dbDriver };
    },
  );

  app.get(
    '/health/ready',
    {
      // Like the liveness check, it must answer while requests queue: it reports on the queue.
      config: { admission: 'exempt' },
      schema: {
        tags: ['health'],
        summary: 'O processo atende a fila de requisições (prontidão)',
        description:
          'Responde 503 quando o banco não responde, quando lhe falta uma migração desta versão ' +
          'do servidor, ou quando há requisições esperando e nenhuma começou durante o tempo ' +
          'máximo de espera (a fila parou para todos). A fila longa de um só cliente ou de uma ' +
          'só rota (uma enxurrada de tentativas de entrar) não tira o processo do ar: as ' +
          'outras continuam sendo atendidas. Um balanceador deve deixar de enviar requisições a ' +
          'um processo que responde 503.',
        response: {
          200: z.object({
            status: z.literal('ready'),
            working: z.number().int(),
            waiting: z.number().int(),
          }),
          503: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { working, waiting } = app.admission;
      // Every turn held and none given for the longest wait allowed: nobody is being served.
      if (app.admission.stalledFor() > app.admission.maxWaitMs)
        throw new AppError('ServerBusy', { details: { working, waiting } });
      await checkMigrations(app.db, { log: request.log, latestMigration });
      return { status: 'ready' as const, working, waiting };
    },
  );

  app.get(
    '/health/jobs',
    {
      schema: {
        tags: ['health'],
        summary: 'O trabalho em segundo plano: filas e falhas',
        description:
          'Quantas mensagens, notificações e tarefas esperam (e há quanto tempo a mais antiga), ' +
          'quantas tarefas foram abandonadas, e o que este processo fez desde que começou. Só ' +
          'contagens, nada de quem ou do quê.',
        response: { 200: backgroundWorkSchema },
      },
    },
    async () => ({ queues: await readQueueDepths(app.db), process: app.jobs.counters() }),
  );
};
