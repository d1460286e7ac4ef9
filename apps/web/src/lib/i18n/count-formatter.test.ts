import { describe, expect, it } from 'vitest';
import { i18n, loadAllTranslations } from '.';

describe('counts in texts', () => {
  it('are written the one pt-BR way in the back office: 2.000, not 2000', async () => {
    await loadAllTranslations();
    expect(i18n.t('associates.import.success', { created: 2000, updated: 12345 })).toBe(
      'Importação concluída: 2.000 novos, 12.345 alterados.',
    );
  });

  it('leave a year that is passed as text as it is', () => {
    expect(i18n.t('common.footer', { year: '2026' })).toContain('© 2026 ');
  });
});
