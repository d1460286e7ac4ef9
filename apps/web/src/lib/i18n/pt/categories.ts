export const categories = {
  title: 'Gerenciar Categorias',
  description: 'Organize os espaços do clube em categorias e defina as regras de agendamento.',
  add: 'Adicionar Categoria',
  empty: 'Nenhuma categoria encontrada.',
  error: 'Erro ao carregar categorias.',
  loading: 'Carregando categorias…',
  edit: 'Editar categoria {{name}}',
  delete: 'Excluir categoria {{name}}',
  rules: {
    blockedAppointmentDay: 'Uma reserva por dia por título',
    notAppointmentPreviousDayTime: 'Sem repetir o horário do dia anterior',
    none: 'Sem regras adicionais',
    waitlistOff: 'Sem lista de espera',
  },
  form: {
    createTitle: 'Adicionar Categoria',
    editTitle: 'Editar Categoria',
    name: 'Nome',
    blockedAppointmentDay: 'Não permitir mais de uma reserva no mesmo dia',
    blockedAppointmentDayHint:
      'Cada título só pode ter uma reserva por dia nos espaços desta categoria.',
    notAppointmentPreviousDayTime: 'Não permitir reservar o mesmo horário do dia anterior',
    notAppointmentPreviousDayTimeHint:
      'Quem reservou um horário num dia não pode reservar o mesmo horário no dia seguinte.',
    waitlistEnabled: 'Lista de espera nos horários ocupados',
    waitlistEnabledHint:
      'Associados entram na fila de um horário ocupado e recebem a vaga, por ordem, quando ela for liberada.',
    cancel: 'Cancelar',
    create: 'Criar categoria',
    save: 'Salvar alterações',
  },
  confirmDelete: {
    title: 'Excluir categoria',
    message: 'Tem certeza que deseja excluir? Essa ação não poderá ser desfeita.',
    confirm: 'Excluir',
    cancel: 'Cancelar',
  },
  toasts: {
    created: 'Categoria "{{name}}" criada.',
    updated: 'Categoria "{{name}}" atualizada.',
    createError: 'Erro ao criar.',
    updateError: 'Erro ao atualizar.',
    deleted: '{{item}} excluído.',
    deletedItem: 'Cadastro da categoria "{{name}}"',
    deleteError: 'Erro ao excluir.',
  },
} as const;
