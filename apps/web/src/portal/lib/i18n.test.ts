import { describe, expect, it } from 'vitest';
import { portalI18n } from './i18n';
import { registerMemberTexts } from './member-texts';

describe('counts in the portal’s texts', () => {
  it('are written the one pt-BR way, the plural still chosen by the number', () => {
    registerMemberTexts();
    expect(
      portalI18n.t('portal.home.quotaUsed', { used: 1500, count: 2000, month: 'novembro' }),
    ).toBe('1.500 de 2.000 reservas usadas em novembro');
  });
});
