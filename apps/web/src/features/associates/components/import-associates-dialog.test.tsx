import type { AssociateImportReport } from '@clube/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, route } from '@/testing/mock-api';
import { renderSignedIn } from '@/testing/render';
import { ImportAssociatesDialog } from './import-associates-dialog';

const companyId = '00000000-0000-4000-8000-000000000abc';
const report = (overrides: Partial<AssociateImportReport>): AssociateImportReport => ({
  applied: false,
  dryRun: true,
  total: 3,
  created: 2,
  updated: 0,
  unchanged: 0,
  rejected: 1,
  titlesCreated: 1,
  errors: [{ line: 3, reason: 'CPF inválido: 52998224724' }],
  errorsTruncated: false,
  changes: [],
  changesTruncated: false,
  ...overrides,
});

describe('ImportAssociatesDialog', () => {
  it('names each Portuguese column with its format and offers the template to download', () => {
    mockApi();
    renderSignedIn(<ImportAssociatesDialog companyId={companyId} isOpen onClose={vi.fn()} />);
    const columns = screen.getByRole('region', { name: 'Formato de cada coluna' });
    const terms = within(columns).getAllByRole('term');
    expect(terms.map((term) => term.textContent)).toEqual([
      'cpf',
      'nome',
      'nascimento',
      'carteirinha',
      'titulo',
      'titular',
      'emailopcional',
      'bloqueadoopcional',
    ]);
    expect(
      within(columns).getByText(
        'Só letras e números, sem espaços nem pontuação, até 20 caracteres (000123, BR00001); única no clube.',
      ),
    ).toBeVisible();
    expect(within(columns).getByText('DD/MM/AAAA ou AAAA-MM-DD, nunca no futuro.')).toBeVisible();
    expect(
      screen.getByText('O modelo traz duas linhas de exemplo: troque-as pelos seus associados.'),
    ).toBeVisible();
    const template = screen.getByRole('link', { name: 'Baixar o modelo (CSV)' });
    expect(template).toHaveAttribute('href', '/modelo-associados.csv');
    expect(template).toHaveAttribute('download');
  });

  it('shows the dry-run report per line, and confirms only with the rejected rows skipped', async () => {
    const { requests } = mockApi(
      route.post('/backoffice/associate/import', ({ body }) =>
        (body as FormData).get('dryRun') === 'true'
          ? report({
              updated: 1,
              changes: [
                {
                  line: 2,
                  cardId: '10',
                  name: 'Ana Lima Souza',
                  fields: ['name', 'email', 'blocked'],
                },
              ],
            })
          : report({ applied: true, dryRun: false }),
      ),
    );
    const sent = () => requests.map((request) => request.body as FormData);
    const onClose = vi.fn();
    renderSignedIn(<ImportAssociatesDialog companyId={companyId} isOpen onClose={onClose} />);
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Validar arquivo' })).toBeDisabled();
    // The picker speaks Portuguese whatever the browser's language.
    expect(screen.getByText('Escolher arquivo')).toBeVisible();
    expect(screen.getByText('Nenhum arquivo escolhido')).toBeVisible();
    const file = new File(['cpf,name\n'], 'socios.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Arquivo CSV'), file);
    expect(screen.getByText('socios.csv')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Validar arquivo' }));

    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Linha 3: CPF inválido: 52998224724',
      'Ana Lima Souza (carteirinha 10): nome, e-mail, bloqueio',
    ]);
    expect(
      screen.getByText(/3 linhas: 2 novos, 1 alterados, 0 sem alteração, 1 rejeitados/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirmar importação' })).not.toBeInTheDocument();
    expect(sent()[0]!.get('companyId')).toBe(companyId);
    // The chosen file goes as the `file` part (jsdom's file bytes do not reach Node's fetch).
    expect((sent()[0]!.get('file') as Blob).type).toBe('text/csv');

    await user.click(screen.getByLabelText('Importar as linhas válidas e ignorar as rejeitadas'));
    await user.click(screen.getByRole('button', { name: 'Confirmar importação' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent()[1]!.get('dryRun')).toBe('false');
    expect(sent()[1]!.get('skipInvalid')).toBe('true');
  });

  it('reads a file picked again anew: the same file can be chosen again, and drops the old report', async () => {
    const { requests } = mockApi(
      route.post('/backoffice/associate/import', report({ rejected: 0, errors: [] })),
    );
    renderSignedIn(<ImportAssociatesDialog companyId={companyId} isOpen onClose={vi.fn()} />);
    const user = userEvent.setup();
    const picker = screen.getByLabelText<HTMLInputElement>('Arquivo CSV');
    await user.upload(picker, new File(['primeira versão'], 'socios.csv', { type: 'text/csv' }));
    // Emptied after the pick: the browser reports the same file chosen again as a new pick.
    expect(picker.value).toBe('');
    await user.click(await screen.findByRole('button', { name: 'Validar arquivo' }));
    expect(await screen.findByRole('button', { name: 'Confirmar importação' })).toBeVisible();

    await user.upload(picker, new File(['segunda versão'], 'socios.csv', { type: 'text/csv' }));
    // A new pick drops the report of the old file.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Confirmar importação' })).toBeNull(),
    );
    await user.click(await screen.findByRole('button', { name: 'Validar arquivo' }));
    // (jsdom's file bytes do not reach Node's fetch: the e2e import spec checks what is sent.)
    await waitFor(() => expect(requests).toHaveLength(2));
  });
});
