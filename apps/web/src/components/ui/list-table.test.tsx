import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListTable, type ListTableProps } from './list-table';
import { pageNumbersAround, pagerItems } from './pager';
import { renderWithProviders } from '@/testing/render';

type Row = { id: string; name: string };

function renderTable(overrides: Partial<ListTableProps<Row>> = {}) {
  const handlers = {
    onSearchChange: vi.fn(),
    onSearchReset: vi.fn(),
    onPageChange: vi.fn(),
    onPageSizeChange: vi.fn(),
  };
  renderWithProviders({
    ui: (
      <ListTable<Row>
        title="Associados"
        description="Associados do clube"
        searchPlaceholder="Buscar por nome"
        searchValue=""
        columns={[{ key: 'name', header: 'Nome', render: (row) => row.name }]}
        rows={[
          { id: '1', name: 'Ana' },
          { id: '2', name: 'Bia' },
        ]}
        rowKey={(row) => row.id}
        renderActions={(row) => <button type="button">Abrir {row.name}</button>}
        total={25}
        page={2}
        pageSize={10}
        pageSizes={[10, 50, 100]}
        isLoading={false}
        isError={false}
        {...handlers}
        {...overrides}
      />
    ),
  });
  return handlers;
}

describe('ListTable', () => {
  it('shows title, description, columns plus Ações, rows and the range shown', () => {
    renderTable();
    expect(screen.getByRole('heading', { name: 'Associados' })).toBeInTheDocument();
    expect(screen.getByText('Associados do clube')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Nome' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Ações' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abrir Bia' })).toBeInTheDocument();
    expect(screen.getByText('Exibindo 11 a 20 de 25 resultados')).toBeInTheDocument();
  });

  it('pages with numbers and previous/next, and marks the current page', async () => {
    const handlers = renderTable();
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Página 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(handlers.onPageChange).toHaveBeenLastCalledWith(3);
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(handlers.onPageChange).toHaveBeenLastCalledWith(1);
    await user.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(handlers.onPageChange).toHaveBeenLastCalledWith(3);
  });

  it('shows a gap where pages are skipped', () => {
    renderTable({ total: 170, page: 1 });
    const pager = screen.getByRole('navigation', { name: 'Paginação' });
    expect(pager).toHaveTextContent(/^Anterior12345…17Próxima$/);
    expect(screen.getByRole('button', { name: 'Página 17' })).toBeInTheDocument();
  });

  it('brings the table back into view when the page changes below its top', async () => {
    const scrollIntoView = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', {
      value: scrollIntoView,
      configurable: true,
    });
    const rect = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ top: -600 } as DOMRect);
    const handlers = renderTable();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Página 3' }));
    expect(handlers.onPageChange).toHaveBeenLastCalledWith(3);
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'start' });
    expect(scrollIntoView.mock.contexts[0]).toBe(
      screen.getByRole('region', { name: 'Associados' }),
    );
    rect.mockRestore();
  });

  it('disables previous on the first page and next on the last', () => {
    renderTable({ page: 1, total: 5 });
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Próxima' })).toBeDisabled();
  });

  it('offers the page-size selector only when the total exceeds the page size', async () => {
    const handlers = renderTable({ total: 25, pageSize: 10 });
    await userEvent.setup().selectOptions(screen.getByLabelText('Itens por página'), '50');
    expect(handlers.onPageSizeChange).toHaveBeenCalledWith(50);
  });

  it('hides the page-size selector when everything fits in one page', () => {
    renderTable({ total: 25, pageSize: 100, page: 1 });
    expect(screen.queryByLabelText('Itens por página')).not.toBeInTheDocument();
    expect(screen.getByText('Exibindo 1 a 25 de 25 resultados')).toBeInTheDocument();
  });

  it('types into the search and resets it', async () => {
    const handlers = renderTable();
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por nome' }), 'j');
    expect(handlers.onSearchChange).toHaveBeenCalledWith('j');
    await user.click(screen.getByRole('button', { name: 'Limpar busca' }));
    expect(handlers.onSearchReset).toHaveBeenCalled();
  });

  it('shows the empty and the error texts', () => {
    renderTable({ rows: [], total: 0 });
    expect(screen.getByText('Nenhum item encontrado!')).toBeInTheDocument();
    expect(screen.getByText('Exibindo 0 a 0 de 0 resultados')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Paginação' })).toBeNull();
  });

  it('shows the error text instead of the table', () => {
    renderTable({ isError: true });
    expect(screen.getByRole('alert')).toHaveTextContent('Erro ao carregar os dados.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('pageNumbersAround', () => {
  it('keeps the first and last pages and a window around the current one', () => {
    expect(pageNumbersAround(1, 1)).toEqual([1]);
    expect(pageNumbersAround(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbersAround(10, 20)).toEqual([1, 8, 9, 10, 11, 12, 20]);
    expect(pageNumbersAround(20, 20)).toEqual([1, 16, 17, 18, 19, 20]);
  });

  it('puts a gap where more than one page is skipped, and the page itself where one is', () => {
    expect(pagerItems(1, 17)).toEqual([1, 2, 3, 4, 5, 'gap', 17]);
    expect(pagerItems(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
    expect(pagerItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 20]);
    expect(pagerItems(1, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
