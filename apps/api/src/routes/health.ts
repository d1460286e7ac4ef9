import { backgroundWorkSchema, errorBodySchema } from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { readQueueDepths } from '../lib/jobs/jobs';
import { checkDatabase } from '../services/maintenance/check-database';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
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
          'Responde 503 quando a requisição que mais esperou na fila já passou do tempo máximo de ' +
          'espera: o processo está vivo, mas não está atendendo. Um balanceador deve deixar de ' +
          'lhe enviar requisições.',
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
    async () => {
      const { working, waiting } = app.admission;
      if (app.admission.oldestWait() > app.admission.maxWaitMs)
        throw new AppError('ServerBusy', { details: { working, waiting } });
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
