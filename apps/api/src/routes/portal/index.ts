import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { portalAuthRoutes } from './auth';
import { portalBookingRoutes } from './bookings';
import { portalEventRoutes } from './events';
import { portalGuestRoutes } from './guests';
import { portalManifestRoutes } from './manifest';
import { portalMeRoutes } from './me';
import { portalNoticeRoutes } from './notices';
import { portalPlaceRoutes } from './places';
import { portalPushRoutes } from './push';
import { portalWaitlistRoutes } from './waitlists';

/**
 * Every /api/portal route. Sign-in is public; everything else needs a members' portal access
 * token (realm associate) and works on the caller's membership only (`request.member`).
 */
export const portalRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(portalAuthRoutes);
  await app.register(portalManifestRoutes);
  await app.register(async (member) => {
    member.addHook('onRequest', app.authenticateMember);
    await member.register(portalMeRoutes);
    await member.register(portalPlaceRoutes);
    await member.register(portalBookingRoutes);
    await member.register(portalGuestRoutes);
    await member.register(portalNoticeRoutes);
    await member.register(portalPushRoutes);
    await member.register(portalEventRoutes);
    await member.register(portalWaitlistRoutes);
  });
};
