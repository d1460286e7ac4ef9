import type {
  PortalBooking,
  PortalClub,
  PortalMe,
  PortalPlace,
  PortalSession,
  PortalSlot,
} from '@clube/shared';

let sequence = 0;
export const nextId = () => {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
};

export function buildPortalClub(overrides: Partial<PortalClub> = {}): PortalClub {
  return { id: nextId(), name: 'Clube Demonstração', logoUrl: null, ...overrides };
}

export function buildPortalSession(overrides: Partial<PortalSession> = {}): PortalSession {
  const club = buildPortalClub();
  return {
    needsClub: false,
    access_token: `access-${nextId()}`,
    refresh_token: `refresh-${nextId()}`,
    member: { id: nextId(), name: 'João Carlos Pereira', cardId: '10001', isHolder: true },
    club: { ...club, timezone: 'America/Sao_Paulo' },
    clubs: [club],
    ...overrides,
  };
}

export function buildMe(session: PortalSession, overrides: Partial<PortalMe> = {}): PortalMe {
  return {
    member: { ...session.member, blocked: false, blockedReason: null },
    title: {
      id: nextId(),
      name: 'Título 1001',
      blocked: false,
      blockedReason: null,
      suspendedUntil: null,
      members: [
        { ...session.member },
        { id: nextId(), name: 'Pedro Pereira', cardId: '10002', isHolder: false },
      ],
    },
    club: session.club,
    quotas: [],
    nextBookings: [],
    ...overrides,
  };
}

export function buildPlace(overrides: Partial<PortalPlace> = {}): PortalPlace {
  return {
    id: nextId(),
    name: 'Quadra de Tênis 1',
    description: 'Saibro, com iluminação.',
    category: {
      id: nextId(),
      name: 'Quadras',
      blockedAppointmentDay: true,
      notAppointmentPreviousDayTime: false,
    },
    startsAt: '08:00',
    endsAt: '20:00',
    bookRange: 60,
    availableBookingDays: 7,
    maxCancelBookingTime: 2,
    ageRestriction: 18,
    associateReservationLimit: 4,
    images: [],
    ...overrides,
  };
}

export function buildSlot(startsAt: string, overrides: Partial<PortalSlot> = {}): PortalSlot {
  const start = new Date(startsAt);
  return {
    time: new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(start),
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 60 * 60 * 1000).toISOString(),
    state: 'free',
    ...overrides,
  };
}

export function buildBooking(
  session: PortalSession,
  overrides: Partial<PortalBooking> = {},
): PortalBooking {
  const startsAt = overrides.startsAt ?? '2099-11-28T13:00:00.000Z';
  return {
    id: nextId(),
    place: { id: nextId(), name: 'Quadra de Tênis 1' },
    associate: { id: session.member.id, name: session.member.name, cardId: session.member.cardId },
    startsAt,
    endsAt: new Date(new Date(startsAt).getTime() + 60 * 60 * 1000).toISOString(),
    status: 'SCHEDULED',
    createdAt: '2099-11-20T12:00:00.000Z',
    cancelledAt: null,
    cancellationReason: null,
    bookedVia: 'portal',
    cancelDeadline: new Date(new Date(startsAt).getTime() - 2 * 60 * 60 * 1000).toISOString(),
    cancellable: true,
    guestLimit: 0,
    guestCount: 0,
    ...overrides,
  };
}
