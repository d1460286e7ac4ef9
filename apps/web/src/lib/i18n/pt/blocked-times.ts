export const blockedTimes = {
  manage: {
    title: 'Gerenciar horários bloqueados',
    description: 'Bloqueios de horário em todos os espaços do clube.',
  },
  place: {
    title: 'Horários bloqueados do espaço',
    description: 'Bloqueios de horário deste espaço.',
  },
} as const;
