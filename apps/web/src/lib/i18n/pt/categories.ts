export const categories = {
  title: 'Gerenciar Categorias',
  description: 'Organize os espaços do clube em categorias e defina as regras de agendamento.',
} as const;
