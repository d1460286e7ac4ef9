import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderPortal } from '@/testing/render';

describe('without network', () => {
  it('every portal screen says "Sem conexão", and stops saying it when the network is back', async () => {
    mockApi();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderPortal('/entrar');
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeVisible();
    expect(screen.queryByText('Sem conexão.')).not.toBeInTheDocument();

    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Sem conexão. O aparelho está sem internet: o que depende dela volta assim que a conexão voltar.',
    );

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText('Sem conexão.')).not.toBeInTheDocument();
  });
});
