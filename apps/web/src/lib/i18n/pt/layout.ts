export const layout = {
  navigationLabel: 'Navegação principal',
  nav: {
    dashboard: 'Clube',
    associates: 'Gerenciar associados',
    categories: 'Gerenciar categorias',
    operatingHours: 'Horários de funcionamento',
    timeBlocks: 'Gerenciar horários bloqueados',
    settings: 'Configurações',
    profile: 'Meu perfil',
    switchCompany: 'Trocar de clube',
  },
  signOut: 'Sair',
  openMenu: 'Abrir menu de navegação',
  closeMenu: 'Fechar menu de navegação',
  menuTitle: 'Menu',
  currentCompany: 'Clube atual',
  loadingCompany: 'Carregando clube…',
} as const;
