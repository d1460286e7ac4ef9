export const places = {
  dashboard: {
    title: 'Clube',
    description: 'Espaços e ocupação do dia de {{name}}.',
    comingSoon: 'A grade de espaços do clube aparecerá aqui.',
  },
  detail: {
    title: 'Espaço',
    description: 'Detalhes, horários e fotos do espaço.',
  },
} as const;
