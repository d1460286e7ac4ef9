export const profile = {
  title: 'Meu perfil',
  description: 'Dados da sua conta de acesso ao backoffice.',
  name: 'Nome',
  cpf: 'CPF',
  passwordHint:
    'Para trocar a sua senha, fale com o administrador do clube (comando reset-staff-password).',
} as const;
