import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAuditEntry, buildCompany } from '@/testing/factories';
import { mockApi, route } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { AuditHistorySection } from './audit-history-section';

const company = buildCompany();
const associate = { id: '22222222-2222-4222-8222-222222222222', name: 'Ana Lima' };

describe('AuditHistorySection', () => {
  it("reads the record's trail, does not name the record on each line and links to the same filter", async () => {
    const { requests } = mockApi(
      route.get('/backoffice/audit', {
        items: [buildAuditEntry({ associate })],
        nextCursor: null,
        associate,
      }),
    );
    renderWithProviders({
      signedIn: true,
      ui: (
        <AuditHistorySection
          companyId={company.id}
          timezone={company.timezone}
          associateId={associate.id}
        />
      ),
    });

    const section = await screen.findByRole('region', { name: 'Histórico' });
    const entry = await within(section).findByText('Entrada do associado no portal');
    expect(entry.closest('li')).not.toHaveTextContent('Associado: Ana Lima');
    expect(within(section).getByRole('link', { name: 'Ver na auditoria' })).toHaveAttribute(
      'href',
      expect.stringContaining(`associateId=${associate.id}`),
    );
    await waitFor(() =>
      expect(requests.some((request) => request.query.get('associateId') === associate.id)).toBe(
        true,
      ),
    );
  });
});
