/** The generic list table: fixed product text (docs/domain.md, Texts). */
export const listTable = {
  actions: 'Ações',
  search: 'Buscar',
  reset: 'Limpar busca',
  previous: 'Anterior',
  next: 'Próxima',
  page: 'Página {{page}}',
  pagination: 'Paginação',
  pageSize: 'Itens por página',
  showing: 'Exibindo {{from}} a {{to}} de {{total}} resultados',
  /** The count stopped at a cap (a broad search on a large club). */
  empty: 'Nenhum item encontrado!',
  error: 'Erro ao carregar os dados.',
} as const;
