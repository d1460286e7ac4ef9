import { useTranslation } from 'react-i18next';
import { CompanyLogo } from '@/components/company-logo';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useCurrentCompany } from '@/lib/current-company';
import { CompanySettingsForm } from '../components/company-settings-form';

export function SettingsPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  return (
    <>
      <PageHeader
        title={t('companies.settings.title')}
        description={t('companies.settings.description')}
      />
      <div className="grid max-w-4xl gap-6">
        <Card>
          <h2 className="border-b border-slate-200 px-6 py-4 text-lg font-semibold text-slate-900">
            {t('companies.settings.detailsTitle')}
          </h2>
          <CompanySettingsForm company={company} />
        </Card>
        <Card>
          <h2 className="border-b border-slate-200 px-6 py-4 text-lg font-semibold text-slate-900">
            {t('companies.settings.logo')}
          </h2>
          <div className="p-6">
            <CompanyLogo
              logoUrl={company.logoUrl}
              alt={t('common.logoAlt', { name: company.name })}
              className="size-24 rounded-lg border border-slate-200 bg-white p-2"
            />
          </div>
        </Card>
      </div>
    </>
  );
}
