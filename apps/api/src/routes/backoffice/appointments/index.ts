import {
  appointmentListQuerySchema,
  appointmentListSchema,
  appointmentSchema,
  bookingCheckSchema,
  bookingRefusalSchema,
  cancelAppointmentBodySchema,
  cancelExceptionBodySchema,
  checkInByCodeBodySchema,
  createAppointmentBodySchema,
  createExceptionAppointmentBodySchema,
  errorBodySchema,
  idParamsSchema,
  moveAppointmentBodySchema,
  noShowResultSchema,
  occupancyQuerySchema,
  occupancySchema,
  timeSlotListSchema,
  timeSlotsParamsSchema,
  timeSlotsQuerySchema,
} from '@clube/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertStaffOf } from '../../../plugins/auth';
import { AppError } from '../../../lib/app-error';
import { cancelAppointment } from '../../../services/appointments/cancel-appointment';
import { checkAppointment } from '../../../services/appointments/check-appointment';
import { checkInAppointment } from '../../../services/appointments/check-in-appointment';
import { checkInByCode } from '../../../services/appointments/check-in-by-code';
import { moveAppointment } from '../../../services/appointments/move-appointment';
import { markNoShow } from '../../../services/appointments/mark-no-show';
import { undoAttendance } from '../../../services/appointments/undo-attendance';
import { bookingRequestOf } from '../../../services/appointments/booking-context';
import { bookAndAnswer } from '../../../services/appointments/create-appointment';
import { getOccupancy } from '../../../services/appointments/get-occupancy';
import {
  findAppointment,
  listAppointments,
} from '../../../services/appointments/list-appointments';
import { listTimeSlots } from '../../../services/appointments/list-time-slots';

const errors = {
  400: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};

export const appointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/appointment/:placeId/time-slots',
    {
      config: { permission: 'club.read' },
      schema: {
        tags: ['appointment'],
        summary: 'Horários de um espaço numa data do clube (AAAA-MM-DD)',
        params: timeSlotsParamsSchema,
        querystring: timeSlotsQuerySchema,
        response: { 200: timeSlotListSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) =>
      listTimeSlots(app.db, {
        companyIds: request.staff.companyIds,
        ...request.params,
        ...request.query,
      }),
  );

  app.get(
    '/appointment/occupancy',
    {
      config: { permission: 'club.read' },
      schema: {
        tags: ['appointment'],
        summary: 'Ocupação do dia por espaço (agendados / horários)',
        querystring: occupancyQuerySchema,
        response: { 200: occupancySchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      assertStaffOf(request, request.query.companyId);
      return getOccupancy(app.db, request.query);
    },
  );

  app.post(
    '/appointment',
    {
      config: { permission: 'bookings.write' },
      schema: {
        tags: ['appointment'],
        summary: 'Agenda um horário (regras de agendamento de docs/domain.md, na ordem)',
        body: createAppointmentBodySchema,
        response: {
          201: appointmentSchema,
          ...errors,
          409: bookingRefusalSchema,
          422: bookingRefusalSchema,
        },
      },
    },
    async (request, reply) => {
      const created = await bookAndAnswer(app.db, {
        staff: request.staff,
        request: bookingRequestOf(request.body),
        confirmation: { publicUrl: app.config.publicUrl, log: request.log },
      });
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/appointment/exception',
    {
      config: { permission: 'bookings.exception' },
      schema: {
        tags: ['appointment'],
        summary:
          'Agenda como exceção, com motivo: dispensa as regras que o clube pode dispensar (cota, antecedência, mesmo dia / véspera, idade, suspensão), nunca um horário ocupado, bloqueado ou passado',
        body: createExceptionAppointmentBodySchema,
        response: {
          201: appointmentSchema,
          ...errors,
          409: bookingRefusalSchema,
          422: bookingRefusalSchema,
        },
      },
    },
    async (request, reply) => {
      const { reason, ...body } = request.body;
      const created = await bookAndAnswer(app.db, {
        staff: request.staff,
        request: bookingRequestOf(body),
        exceptionReason: reason ?? '',
        // The member hears of it (mail and Avisos) as of any booking staff make.
        confirmation: { publicUrl: app.config.publicUrl, log: request.log },
      });
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/appointment/check',
    {
      config: { permission: 'bookings.write' },
      schema: {
        tags: ['appointment'],
        summary: 'Por que não? Lista todas as regras que impedem o agendamento',
        body: createAppointmentBodySchema,
        response: { 200: bookingCheckSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) =>
      checkAppointment(app.db, { staff: request.staff, request: bookingRequestOf(request.body) }),
  );

  app.get(
    '/appointment',
    {
      config: { permission: 'club.read' },
      schema: {
        tags: ['appointment'],
        summary: 'Agendamentos que começam em [fromDate, toDate)',
        querystring: appointmentListQuerySchema,
        response: { 200: appointmentListSchema, 400: errorBodySchema },
      },
    },
    async (request) => ({
      items: await listAppointments(app.db, {
        companyIds: request.staff.companyIds,
        ...request.query,
      }),
    }),
  );

  app.patch(
    '/appointment/cancel/:id',
    {
      config: { permission: 'bookings.write' },
      schema: {
        tags: ['appointment'],
        summary: 'Cancela um agendamento com o motivo que o associado recebe (a linha é mantida)',
        params: idParamsSchema,
        body: cancelAppointmentBodySchema,
        response: { 200: appointmentSchema, ...errors },
      },
      // A client that sends no body (as before the reason was asked) hears that the reason is
      // missing, not that the body is malformed.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const { id } = request.params;
      await cancelAppointment(app.db, {
        staff: request.staff,
        id,
        publicUrl: app.config.publicUrl,
        reason: request.body.reason,
      });
      const cancelled = await findAppointment(app.db, { companyIds: request.staff.companyIds, id });
      if (!cancelled) throw new AppError('AppointmentNotFound');
      return cancelled;
    },
  );

  app.patch(
    '/appointment/cancel/:id/exception',
    {
      config: { permission: 'bookings.exception' },
      schema: {
        tags: ['appointment'],
        summary: 'Cancela como exceção, com motivo: também depois do prazo de cancelamento',
        params: idParamsSchema,
        body: cancelExceptionBodySchema,
        response: { 200: appointmentSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await cancelAppointment(app.db, {
        staff: request.staff,
        id,
        publicUrl: app.config.publicUrl,
        reason: request.body.reason,
        isException: true,
      });
      const cancelled = await findAppointment(app.db, { companyIds: request.staff.companyIds, id });
      if (!cancelled) throw new AppError('AppointmentNotFound');
      return cancelled;
    },
  );

  app.patch(
    '/appointment/:id/move',
    {
      config: { permission: 'bookings.write' },
      schema: {
        tags: ['appointment'],
        summary:
          'Move um agendamento marcado para outro espaço da mesma categoria e/ou outro horário livre, com a mesma duração; o associado é avisado',
        params: idParamsSchema,
        body: moveAppointmentBodySchema,
        response: { 200: appointmentSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await moveAppointment(app.db, {
        staff: request.staff,
        id,
        to: { placeId: request.body.placeId, startsAt: new Date(request.body.startsAt) },
        reason: request.body.reason,
        publicUrl: app.config.publicUrl,
      });
      const moved = await findAppointment(app.db, { companyIds: request.staff.companyIds, id });
      if (!moved) throw new AppError('AppointmentNotFound');
      return moved;
    },
  );

  const reread = async (id: string, companyIds: ReadonlySet<string>) => {
    const appointment = await findAppointment(app.db, { companyIds, id });
    if (!appointment) throw new AppError('AppointmentNotFound');
    return appointment;
  };

  app.patch(
    '/appointment/:id/check-in',
    {
      config: { permission: 'bookings.write' },
      schema: {
        tags: ['appointment'],
        summary: 'Registra a entrada do associado (de 30 min antes do início até o fim)',
        params: idParamsSchema,
        response: { 200: appointmentSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await checkInAppointment(app.db, { staff: request.staff, appointmentId: id });
      return reread(id, request.staff.companyIds);
    },
  );

  app.post(
    '/appointment/check-in-by-code',
    {
      config: { permission: 'bookings.write' },
      schema: {
        tags: ['appointment'],
        summary:
          'Registra a entrada pelo código da reserva que o associado mostra (digitado ou lido do QR)',
        body: checkInByCodeBodySchema,
        response: { 200: appointmentSchema, ...errors },
      },
    },
    async (request) => {
      const { companyId, code } = request.body;
      assertStaffOf(request, companyId);
      const id = await checkInByCode(app.db, { staff: request.staff, companyId, code });
      return reread(id, request.staff.companyIds);
    },
  );

  app.patch(
    '/appointment/:id/no-show',
    {
      config: { permission: 'bookings.write' },
      schema: {
        tags: ['appointment'],
        summary: 'Marca falta (após o início mais a tolerância do clube); pode suspender o título',
        params: idParamsSchema,
        response: { 200: noShowResultSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const suspension = await markNoShow(app.db, {
        staff: request.staff,
        appointmentId: id,
        publicUrl: app.config.publicUrl,
      });
      return {
        ...(await reread(id, request.staff.companyIds)),
        titleSuspendedUntil: suspension?.endsAt.toISOString() ?? null,
      };
    },
  );

  app.patch(
    '/appointment/:id/undo-attendance',
    {
      config: { permission: 'bookings.write' },
      schema: {
        tags: ['appointment'],
        summary: 'Desfaz a entrada ou a falta (no mesmo dia do clube em que foi registrada)',
        params: idParamsSchema,
        response: { 200: appointmentSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await undoAttendance(app.db, { staff: request.staff, appointmentId: id });
      return reread(id, request.staff.companyIds);
    },
  );
};
