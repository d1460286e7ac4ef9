import type {
  Appointment,
  Associate,
  AuditEntry,
  Category,
  CompanyOfStaff,
  DaySheetAppointment,
  Place,
  Session,
} from '@clube/shared';

let sequence = 0;
const nextId = () => {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
};

export function buildSession(overrides: Partial<Session> = {}): Session {
  return {
    access_token: `access-${nextId()}`,
    refresh_token: `refresh-${nextId()}`,
    user: { id: nextId(), name: 'Maria Souza', cpf: '52998224725', mustChangePassword: false },
    ...overrides,
  };
}

/** A club as the API lists it for its staff: with the caller's role (administrador by default). */
export function buildCompany(overrides: Partial<CompanyOfStaff> = {}): CompanyOfStaff {
  return {
    role: 'administrador',
    id: nextId(),
    name: 'Clube Demonstração',
    logoUrl: null,
    timezone: 'America/Sao_Paulo',
    noShowToleranceMinutes: 15,
    noShowSuspensionCount: null,
    noShowWindowDays: 30,
    noShowSuspensionDays: 7,
    reminderHours: null,
    waitlistOfferMinutes: 15,
    waitlistMaxPerTitle: 3,
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
    ...overrides,
  };
}

export function buildAssociate(overrides: Partial<Associate> = {}): Associate {
  const titleId = nextId();
  return {
    id: nextId(),
    companyId: nextId(),
    cardId: '10001',
    user: { name: 'Ana Lima', cpf: '11144477735', email: null, phone: null },
    associateTitleId: titleId,
    associateTitle: { id: titleId, name: 'Título 1001', blocked: false, blockedReason: null },
    isHolder: true,
    birthDate: '1990-05-10',
    age: 36,
    blocked: false,
    blockedReason: null,
    portalAccess: false,
    titleMembers: [],
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
    ...overrides,
  };
}

export function buildPlace(overrides: Partial<Place> = {}): Place {
  const categoryId = nextId();
  return {
    id: nextId(),
    companyId: nextId(),
    categoryId,
    category: { id: categoryId, name: 'Quadras' },
    name: 'Quadra de tênis',
    description: '',
    startsAt: '08:00',
    endsAt: '22:00',
    bookRange: 60,
    anonymousBooking: false,
    associateReservationLimit: 0,
    availableBookingDays: 30,
    ageRestriction: 0,
    maxCancelBookingTime: 0,
    guestsAllowed: false,
    guestLimit: 0,
    guestCpfRequired: false,
    guestListClosesHours: 0,
    parts: [],
    partOf: [],
    ...overrides,
  };
}

export function buildCategory(overrides: Partial<Category> = {}): Category {
  return {
    id: nextId(),
    companyId: nextId(),
    name: 'Quadras',
    blockedAppointmentDay: false,
    notAppointmentPreviousDayTime: false,
    waitlistEnabled: true,
    ...overrides,
  };
}

/** A booking as the day sheet shows it: scheduled, made by staff. */
export function buildDaySheetAppointment(
  overrides: Partial<DaySheetAppointment> = {},
): DaySheetAppointment {
  return {
    id: nextId(),
    associateId: nextId(),
    associateName: 'Ana Lima',
    cardId: '1234',
    titleName: 'Título 7',
    bookedVia: 'staff',
    bookedByName: 'Maria Souza',
    startsAt: '2026-06-10T17:00:00.000Z',
    endsAt: '2026-06-10T18:00:00.000Z',
    status: 'SCHEDULED',
    checkedInAt: null,
    noShowAt: null,
    exceptionReason: null,
    ...overrides,
  };
}

/** A booking as the back office's appointment routes answer it: scheduled, made by staff. */
export function buildAppointment(overrides: Partial<Appointment> = {}): Appointment {
  const associateId = overrides.associateId ?? nextId();
  return {
    id: nextId(),
    companyId: nextId(),
    placeId: nextId(),
    placeName: 'Quadra Central',
    associateId,
    associateTitleId: nextId(),
    startsAt: '2026-06-10T17:00:00.000Z',
    endsAt: '2026-06-10T18:00:00.000Z',
    status: 'SCHEDULED',
    createdAt: '2026-06-01T12:00:00.000Z',
    cancelledAt: null,
    cancellationReason: null,
    exceptionReason: null,
    checkedInAt: null,
    noShowAt: null,
    associate: { id: associateId, name: 'Ana Lima', cardId: '1234' },
    createdBy: null,
    bookedVia: 'staff',
    bookedBy: { name: 'Carlos' },
    ...overrides,
  };
}

/** An audit entry as the trail answers it: a member's sign-in to the portal. */
export function buildAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  const associate = overrides.associate ?? { id: nextId(), name: 'Ana Lima' };
  return {
    id: nextId(),
    createdAt: '2026-06-09T12:00:00.000Z',
    action: 'associate.sign-in',
    entityType: 'associate',
    entityId: associate.id,
    actor: { kind: 'member', id: associate.id, name: associate.name },
    place: null,
    associate,
    before: null,
    after: null,
    details: null,
    ...overrides,
  };
}
