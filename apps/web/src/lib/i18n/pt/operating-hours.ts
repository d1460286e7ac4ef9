export const operatingHours = {
  title: 'Gerenciar horários de funcionamento',
  description: 'Defina os horários de abertura e fechamento do clube em cada dia da semana.',
} as const;
