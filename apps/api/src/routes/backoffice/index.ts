import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appointmentRoutes } from './appointments';
import { auditRoutes } from './audit';
import { blockedTimeRoutes } from './blocked-times';
import { associateTitleRoutes } from './associate-titles';
import { associateRoutes } from './associates';
import { categoryRoutes } from './categories';
import { companyRoutes } from './companies';
import { daySheetRoutes } from './day-sheet';
import { clubEventRoutes } from './day-sheet/events';
import { guestRoutes } from './guests';
import { invitationRoutes } from './invitations';
import { messageRoutes } from './messages';
import { operatingHourRoutes } from './operating-hours';
import { placeImageRoutes } from './place-images';
import { placeRoutes } from './places';
import { profileRoutes } from './profile';
import { reportRoutes } from './reports';
import { seriesRoutes } from './series';
import { specialDayRoutes } from './special-days';
import { staffRoutes } from './staff';
import { waitlistRoutes } from './waitlists';
import { enforcePermissions } from '../../plugins/permissions';

/**
 * Every /api/backoffice route: a valid bearer token and the caller's clubs with their roles
 * resolved first, then the route's declared permission checked (plugins/permissions.ts).
 */
export const backofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  enforcePermissions(app);
  await app.register(companyRoutes);
  await app.register(placeRoutes);
  await app.register(categoryRoutes);
  await app.register(placeImageRoutes);
  await app.register(appointmentRoutes);
  await app.register(daySheetRoutes);
  await app.register(clubEventRoutes);
  await app.register(guestRoutes);
  await app.register(operatingHourRoutes);
  await app.register(blockedTimeRoutes);
  await app.register(specialDayRoutes);
  await app.register(associateRoutes);
  await app.register(invitationRoutes);
  await app.register(associateTitleRoutes);
  await app.register(profileRoutes);
  await app.register(staffRoutes);
  await app.register(reportRoutes);
  await app.register(auditRoutes);
  await app.register(messageRoutes);
  await app.register(seriesRoutes);
  await app.register(waitlistRoutes);
};
