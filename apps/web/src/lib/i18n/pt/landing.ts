export const landing = {
  title: 'Bem-vindo ao backoffice do portal de reservas',
  description:
    'Gerencie espaços, agendamentos, horários de funcionamento e associados do seu clube em um só lugar.',
  loginLink: 'Login Backoffice',
} as const;
