import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';

describe('forgot-password page', () => {
  it('tells the staff member to ask the club administrator, with no command line', async () => {
    const { container } = renderApp('/forgot-password');

    expect(await screen.findByRole('heading', { name: 'Esqueceu sua senha?' })).toBeVisible();
    expect(screen.getByText(/peça ao administrador do clube/)).toBeInTheDocument();
    expect(container.querySelector('code, pre')).toBeNull();
    expect(container).not.toHaveTextContent(/npm|--cpf|cli/);
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute(
      'href',
      '/login',
    );
  });
});
