import { completeCpf, formatCpf } from '@clube/shared';

// The logins the demo creates, and that the server prints at start-up so they can be tried.
export const demoLogin = { cpf: '529.982.247-25', password: 'clube123' } as const;
export const demoClubName = 'Clube Demonstração';

/**
 * The demo club's other staff, one per role below the administrator, so every role can be tried:
 * the front desk (Recepção) and a read-only login (Consulta).
 */
export const demoRoleLogins = [
  {
    role: 'recepcao',
    name: 'Carla Mendes',
    cpf: formatCpf(completeCpf('200000001')),
    password: 'recepcao123',
  },
  {
    role: 'consulta',
    name: 'Diego Alves',
    cpf: formatCpf(completeCpf('200000002')),
    password: 'consulta123',
  },
] as const;

/**
 * The members' portal login of the demo club: the first family's holder (João Carlos Pereira,
 * the first row of the membership CSV below), whose title also has a dependant to book for.
 */
export const demoMemberLogin = {
  cpf: formatCpf(completeCpf('100000001')),
  password: 'socio123',
} as const;
