export const scheduling = {
  placeAppointments: {
    title: 'Agendamentos do espaço',
    description: 'Calendário de horários e agendamentos do espaço.',
  },
} as const;
