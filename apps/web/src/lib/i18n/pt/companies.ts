export const companies = {
  select: {
    title: 'Selecione um clube',
    description: 'Escolha o clube em que você vai trabalhar agora.',
    choose: 'Entrar no clube {{name}}',
    loadError: 'Erro ao carregar os clubes.',
    signOut: 'Sair',
  },
  settings: {
    title: 'Configurações',
    description: 'Dados do clube selecionado.',
    name: 'Nome do clube',
    timezone: 'Fuso horário',
    logo: 'Logo',
    readOnlyHint: 'Para alterar estes dados, fale com o administrador do sistema.',
  },
} as const;
