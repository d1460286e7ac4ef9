import { companySchema, sessionSchema } from '@clube/shared';
import { describe, expect, it } from 'vitest';
import { parseCompany, parseSession } from './stored-shapes';

const id = '6f1c2a0e-8b3d-4c5e-9f7a-1b2c3d4e5f60';
const session = {
  access_token: 'access',
  refresh_token: 'refresh',
  user: { id, name: 'Ana', cpf: '52998224725' },
};
const company = {
  id,
  name: 'Clube',
  logoUrl: null,
  timezone: 'America/Sao_Paulo',
  noShowToleranceMinutes: 15,
  noShowSuspensionCount: null,
  noShowWindowDays: 30,
  noShowSuspensionDays: 7,
  reminderHours: null,
  waitlistOfferMinutes: 15,
  waitlistMaxPerTitle: 3,
  createdAt: '2026-11-20T13:00:00.000Z',
  updatedAt: '2026-11-22T09:30:15.250Z',
};

const expectSameAsSchema = (
  parse: (value: unknown) => unknown,
  schema: { safeParse: (value: unknown) => { success: boolean; data?: unknown } },
  value: unknown,
) => {
  const parsed = schema.safeParse(value);
  expect(parse(value)).toEqual(parsed.success ? parsed.data : null);
};

describe('parseSession', () => {
  it.each<[string, unknown]>([
    ['a session', session],
    ['a session with extra keys', { ...session, extra: 1, user: { ...session.user, role: 'x' } }],
    [
      'the nil uuid',
      { ...session, user: { ...session.user, id: '00000000-0000-0000-0000-000000000000' } },
    ],
    ['an uppercase uuid', { ...session, user: { ...session.user, id: id.toUpperCase() } }],
    [
      'a one-time password in use',
      { ...session, user: { ...session.user, mustChangePassword: true } },
    ],
    [
      'a flag that is no boolean',
      { ...session, user: { ...session.user, mustChangePassword: 'sim' } },
    ],
    [
      'a uuid of version 9',
      { ...session, user: { ...session.user, id: id.replace('-4c5e', '-9c5e') } },
    ],
    ['an id that is no uuid', { ...session, user: { ...session.user, id: '42' } }],
    ['no user', { access_token: 'a', refresh_token: 'r' }],
    ['a numeric token', { ...session, access_token: 1 }],
    ['a user without name', { ...session, user: { id, cpf: '1' } }],
    ['an array', [session]],
    ['null', null],
    ['a string', 'session'],
  ])('agrees with sessionSchema on %s', (_, value) => {
    expectSameAsSchema(parseSession, sessionSchema, value);
  });

  it('answers a copy without unknown keys', () => {
    // A session stored before the one-time-password flag reads as one without it.
    expect(parseSession({ ...session, extra: 1 })).toEqual({
      ...session,
      user: { ...session.user, mustChangePassword: false },
    });
  });
});

describe('parseCompany', () => {
  it.each<[string, unknown]>([
    ['a club without logo', company],
    ['a club with logo', { ...company, logoUrl: '/api/files/logo.png' }],
    ['a club with extra keys', { ...company, extra: true }],
    ['a club with reminders', { ...company, reminderHours: 24 }],
    ['a logo that is no string', { ...company, logoUrl: 1 }],
    ['a missing logo', { ...company, logoUrl: undefined }],
    ['a missing timezone', { ...company, timezone: undefined }],
    [
      'a club stored before it carried its dates',
      { id, name: 'Clube', logoUrl: null, timezone: 'UTC' },
    ],
    ['a creation date that is no instant', { ...company, createdAt: 'ontem' }],
    [
      'a modification date with an offset instead of Z',
      { ...company, updatedAt: '2026-11-22T09:30:15-03:00' },
    ],
    ['an id that is no uuid', { ...company, id: 'club-1' }],
    ['undefined', undefined],
  ])('agrees with companySchema on %s', (_, value) => {
    expectSameAsSchema(parseCompany, companySchema, value);
  });

  it('gives a club stored before the no-show policy, the reminders and the waitlists existed the server defaults', () => {
    const {
      noShowToleranceMinutes: _tolerance,
      noShowSuspensionCount: _count,
      noShowWindowDays: _window,
      noShowSuspensionDays: _days,
      reminderHours: _reminder,
      waitlistOfferMinutes: _offerMinutes,
      waitlistMaxPerTitle: _maxPerTitle,
      ...older
    } = company;
    expect(parseCompany(older)).toEqual(company);
  });
});
