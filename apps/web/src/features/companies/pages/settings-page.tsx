import { useTranslation } from 'react-i18next';
import { CompanyLogo } from '@/components/company-logo';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useCurrentCompany } from '@/lib/current-company';

export function SettingsPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  return (
    <>
      <PageHeader
        title={t('companies.settings.title')}
        description={t('companies.settings.description')}
      />
      <Card className="max-w-2xl">
        <dl className="divide-y divide-slate-200">
          <div className="grid gap-1 px-6 py-4 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-slate-600">{t('companies.settings.name')}</dt>
            <dd className="text-sm text-slate-900 sm:col-span-2">{company.name}</dd>
          </div>
          <div className="grid gap-1 px-6 py-4 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-slate-600">
              {t('companies.settings.timezone')}
            </dt>
            <dd className="text-sm text-slate-900 sm:col-span-2">{company.timezone}</dd>
          </div>
          <div className="grid gap-1 px-6 py-4 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-slate-600">{t('companies.settings.logo')}</dt>
            <dd className="sm:col-span-2">
              <CompanyLogo
                logoUrl={company.logoUrl}
                alt={t('common.logoAlt', { name: company.name })}
                className="size-20 rounded-lg border border-slate-200 bg-white p-2"
              />
            </dd>
          </div>
        </dl>
        <p className="border-t border-slate-200 px-6 py-4 text-sm text-slate-600">
          {t('companies.settings.readOnlyHint')}
        </p>
      </Card>
    </>
  );
}
