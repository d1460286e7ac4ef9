import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as PasswordModule from '../../src/lib/password';
import { verifyPassword } from '../../src/lib/password';
import { loginLimits } from '../../src/services/auth/login';
import { portalPasswordChecks } from '../../src/services/portal/login-member';
import {
  createAssociate,
  createClubWithStaff,
  freshAddress,
  memberPassword,
  portalLogin,
  uniqueCpf,
} from '../factories';
import { build } from '../helper';

// Every argon2 verification the app runs, counted (and still done for real).
vi.mock('../../src/lib/password', async (importOriginal) => {
  const original = await importOriginal<typeof PasswordModule>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

const context = build();

/** A member with a portal password in `clubs` clubs (0: a CPF no club knows). */
async function memberOfClubs(clubs: number) {
  const cpf = uniqueCpf();
  const companies = [];
  for (let index = 0; index < clubs; index += 1) {
    const { company } = await createClubWithStaff(context.db, { name: `Clube ${index + 1}` });
    await createAssociate(context.db, company.id, { cpf, password: memberPassword });
    companies.push(company);
  }
  return { cpf, companies };
}

describe('portal sign-in limits per CPF at one address, like the staff realm', () => {
  it('gives one address at most the staff realm’s guesses at one member; then even the right password is 429 there', async () => {
    const { cpf } = await memberOfClubs(1);
    const address = freshAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < loginLimits.perCpfAndAddress + 3; attempt += 1) {
      const response = await portalLogin(context.app, { cpf, password: 'errada-1' }, address);
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(loginLimits.perCpfAndAddress);
    expect(statuses.slice(loginLimits.perCpfAndAddress)).toEqual([429, 429, 429]);
    const right = await portalLogin(context.app, { cpf, password: memberPassword }, address);
    expect(right.statusCode).toBe(429);
    expect(right.json().error).toBe('TooManyRequests');
  });

  it('two addresses hammering one member do not lock the member out at their own address', async () => {
    const { cpf } = await memberOfClubs(1);
    // Each attacker keeps trying well past its limit: refused attempts check no password and are
    // taken back, so together they stay far below the CPF-wide ceiling.
    for (const attacker of [freshAddress(), freshAddress()]) {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < loginLimits.perAddress; attempt += 1) {
        const response = await portalLogin(context.app, { cpf, password: 'errada-1' }, attacker);
        statuses.push(response.statusCode);
      }
      expect(statuses.filter((status) => status === 401)).toHaveLength(
        loginLimits.perCpfAndAddress,
      );
    }
    const owner = await portalLogin(context.app, { cpf, password: memberPassword });
    expect(owner.statusCode).toBe(200);
  });
});

describe('portal sign-in: the same password checks whatever the number of memberships', () => {
  const verifications = vi.mocked(verifyPassword);
  beforeEach(() => verifications.mockClear());

  /** Argon2 verifications one sign-in ran. */
  async function checksOf(body: { cpf: string; password: string; companyId?: string }) {
    verifications.mockClear();
    const response = await portalLogin(context.app, body);
    return { status: response.statusCode, checks: verifications.mock.calls.length };
  }

  it('runs as many verifications for an unknown CPF as for a member of one or two clubs, right or wrong', async () => {
    const unknown = await memberOfClubs(0);
    const inOne = await memberOfClubs(1);
    const inTwo = await memberOfClubs(2);

    const outcomes = [
      await checksOf({ cpf: unknown.cpf, password: 'errada-1' }),
      await checksOf({ cpf: inOne.cpf, password: 'errada-1' }),
      await checksOf({ cpf: inOne.cpf, password: memberPassword }),
      await checksOf({ cpf: inTwo.cpf, password: 'errada-1' }),
      await checksOf({ cpf: inTwo.cpf, password: memberPassword }),
    ];

    expect(outcomes.map((outcome) => outcome.status)).toEqual([401, 401, 200, 401, 200]);
    expect(outcomes.map((outcome) => outcome.checks)).toEqual(
      outcomes.map(() => portalPasswordChecks),
    );
  });

  it('checks one password when the sign-in names its club, whatever the memberships', async () => {
    const inOne = await memberOfClubs(1);
    const inTwo = await memberOfClubs(2);
    const { company: strangerClub } = await createClubWithStaff(context.db);

    const outcomes = [
      await checksOf({
        cpf: inOne.cpf,
        password: memberPassword,
        companyId: inOne.companies[0]!.id,
      }),
      await checksOf({
        cpf: inTwo.cpf,
        password: memberPassword,
        companyId: inTwo.companies[1]!.id,
      }),
      await checksOf({ cpf: inTwo.cpf, password: 'errada-1', companyId: inTwo.companies[0]!.id }),
      // A club the CPF is not a member of: the decoy is checked, the answer is the same 401.
      await checksOf({ cpf: inTwo.cpf, password: memberPassword, companyId: strangerClub.id }),
    ];

    expect(outcomes.map((outcome) => outcome.status)).toEqual([200, 200, 401, 401]);
    expect(outcomes.map((outcome) => outcome.checks)).toEqual([1, 1, 1, 1]);
  });
});
