import type { Company, Session } from '@clube/shared';

let sequence = 0;
const nextId = () => {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
};

export function buildSession(overrides: Partial<Session> = {}): Session {
  return {
    access_token: `access-${nextId()}`,
    refresh_token: `refresh-${nextId()}`,
    user: { id: nextId(), name: 'Maria Souza', cpf: '52998224725' },
    ...overrides,
  };
}

export function buildCompany(overrides: Partial<Company> = {}): Company {
  return {
    id: nextId(),
    name: 'Clube Demonstração',
    logoUrl: null,
    timezone: 'America/Sao_Paulo',
    ...overrides,
  };
}
