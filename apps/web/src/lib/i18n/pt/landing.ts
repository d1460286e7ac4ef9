export const landing = {
  title: 'Bem-vindo ao backoffice do portal de reservas',
  description:
    'Gerencie espaços, agendamentos, horários de funcionamento e associados do seu clube em um só lugar.',
  loginLink: 'Login Backoffice',
  portalTitle: 'É associado?',
  portalDescription:
    'Veja os horários livres, reserve os espaços do clube e acompanhe suas reservas.',
  portalLink: 'Portal do associado',
} as const;
