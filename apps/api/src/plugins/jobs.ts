import fp from 'fastify-plugin';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { VapidKeys } from '../config';
import { createAfterResponse } from '../lib/after-response';
import { cleanUpJobsJob, jobsQueue, type Schedule } from '../lib/jobs/jobs';
import { createJobRunner, type Queue } from '../lib/jobs/runner';
import { mailQueue, pushQueue } from '../lib/mail/outbox-sender';
import { createMailTransport } from '../lib/mail/transport';
import { restAsLongAs } from '../lib/pace';
import { createPushTransport } from '../lib/push/transport';
import { resumeImportsJob } from '../services/associates/resume-imports-job';
import { bulkInvitationJob } from '../services/invitations/invite-all-associates';
import { invitationBatching } from '../services/invitations/queue-invitations';
import { dueRemindersJob } from '../services/messages/member-messages';
import { endPassedWaitlistsJob, waitlistJobs } from '../services/waitlists/waitlist-jobs';

/** Methods of the requests that may have queued work: the runner looks once they are answered. */
const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * All background work of the API process, on one runner (`app.jobs`, lib/jobs): the outbox's
 * e-mails and their pushes, the named jobs, and the schedules below. Created with the app,
 * working only once `start` is called (the server does; tests drive `app.jobs` themselves),
 * stopped when the app closes. Also `app.push` (Web Push) and `app.afterResponse`.
 *
 * Waking is the runner's business, never a route's: it looks after every write request this
 * process answered (the work it queued has committed by then), and every `pollMs` for work
 * queued by other processes or scheduled.
 */
export const jobsPlugin = fp(
  async (app, options: { start: boolean; vapidKeys: VapidKeys | undefined }) => {
    const transport = createMailTransport({
      smtpUrl: app.config.smtpUrl,
      from: app.config.mailFrom,
    });
    const push = options.vapidKeys
      ? createPushTransport({ keys: options.vapidKeys, subject: app.config.vapidSubject })
      : undefined;
    if (!push && options.start) {
      app.log.warn(
        'Web Push is off: with DATABASE_URL, give every process the same VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY',
      );
    }
    const { publicUrl } = app.config;
    // The embedded database's one connection runs in this thread: background work rests as
    // long as it worked, leaving requests at least half of it.
    const isEmbedded = app.dbDriver === 'pglite';
    const rest = (elapsedMs: number) => (isEmbedded ? restAsLongAs(elapsedMs) : nextTurn());

    /** Work that runs once per period across all processes. */
    const schedules: Schedule[] = [
      { job: dueRemindersJob({ publicUrl }), everySeconds: 60 },
      { job: endPassedWaitlistsJob, everySeconds: 60 },
      { job: cleanUpJobsJob, everySeconds: 24 * 3600 },
    ];
    const runner = createJobRunner(app.db, {
      log: app.log,
      afterFullBatch: rest,
      queues: [
        mailQueue(transport),
        ...(push ? [pushQueue(push)] : []),
        jobsQueue({
          jobs: [
            bulkInvitationJob({
              publicUrl,
              targetMs: isEmbedded
                ? invitationBatching.embeddedTargetMs
                : invitationBatching.targetMs,
              // The messages of the batches queued so far are sent meanwhile.
              betweenBatches: async ({ elapsedMs }) => {
                runner.wake();
                await rest(elapsedMs);
              },
            }),
            resumeImportsJob,
            ...waitlistJobs({ publicUrl }),
          ],
          schedules,
        }),
      ] as Queue<never>[],
    });
    app.decorate('jobs', runner);
    app.decorate('push', push);
    const afterResponse = createAfterResponse(app.log, undefined, () => runner.wake());
    app.decorate('afterResponse', afterResponse);
    if (options.start) {
      app.addHook('onResponse', async (request, reply) => {
        if (writeMethods.has(request.method) && reply.statusCode < 400) app.jobs.wake();
      });
      app.addHook('onReady', async () => runner.start());
    }
    app.addHook('onClose', async () => {
      await afterResponse.idle();
      await runner.stop();
      if (transport.kind === 'smtp') transport.close();
    });
  },
  { name: 'jobs', dependencies: ['database'] },
);
