export const associates = {
  title: 'Associados',
  subtitle: 'Associados do clube',
  description: 'Consulte os associados do clube e altere suas senhas de acesso.',
} as const;
