import type { GuestInput, GuestList } from '@clube/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GuestListEditor } from './guest-list-editor';
import { renderWithProviders } from '@/testing/render';

const list: GuestList = {
  appointmentId: '11111111-1111-4111-8111-111111111111',
  guests: [
    {
      id: '22222222-2222-4222-8222-222222222222',
      name: 'Ana Convidada',
      cpf: '***.456.789-**',
      checkedInAt: null,
    },
  ],
  limit: 2,
  cpfRequired: false,
  closesAt: '2099-11-28T10:00:00.000Z',
  editable: true,
};

function renderEditor(overrides: Partial<GuestList> = {}) {
  const onSave = vi.fn<(guests: GuestInput[]) => void>();
  renderWithProviders({
    ui: (
      <GuestListEditor
        list={{ ...list, ...overrides }}
        deadlineLabel="28/11 às 07:00"
        isSaving={false}
        errorText={null}
        onSave={onSave}
      />
    ),
  });
  return onSave;
}

describe('GuestListEditor', () => {
  it('sends a kept guest by id without its masked CPF, and a new guest with what was typed', async () => {
    const onSave = renderEditor();
    expect(screen.getByText('CPF ***.456.789-** (digite para trocar)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar convidado' }));
    await userEvent.type(screen.getByLabelText('Nome do convidado 2'), 'Bruno');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar lista' }));
    expect(onSave).toHaveBeenCalledWith([
      { id: list.guests[0]!.id, name: 'Ana Convidada' },
      { name: 'Bruno' },
    ]);
    // The place's limit is reached: no third row.
    expect(screen.getByRole('button', { name: 'Adicionar convidado' })).toBeDisabled();
  });

  it('only shows the list once it closed', () => {
    renderEditor({ editable: false });
    expect(
      screen.getByText('A lista não pode mais ser alterada (prazo: 28/11 às 07:00).'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar lista' })).not.toBeInTheDocument();
  });
});
