import type { Category } from '@clube/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildCategory } from '@/testing/factories';
import { mockApi, route } from '@/testing/mock-api';
import { renderSignedIn } from '@/testing/render';
import { CategoryFormDialog } from './category-form-dialog';

describe('category form: waitlists', () => {
  it('shows the category’s switch and turns its waitlists off', async () => {
    const category = buildCategory({ name: 'Quadras', waitlistEnabled: true });
    const { requests } = mockApi(
      route.patch<Category>('/backoffice/category', ({ body }) => ({
        ...category,
        ...(body as Partial<Category>),
      })),
    );
    renderSignedIn(
      <CategoryFormDialog
        companyId={category.companyId}
        isOpen
        onClose={() => {}}
        category={category}
      />,
    );
    const toggle = screen.getByRole('checkbox', { name: /Lista de espera nos horários ocupados/ });
    expect(toggle).toBeChecked();
    const user = userEvent.setup();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PATCH')?.body).toMatchObject({
        id: category.id,
        waitlistEnabled: false,
      }),
    );
  });
});
