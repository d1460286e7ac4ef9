import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useCurrentCompany } from '@/lib/current-company';
import { CompanyLogoForm } from '../components/company-logo-form';
import { CompanySettingsForm } from '../components/company-settings-form';
import { CompanySummary } from '../components/company-summary';
import { NoShowPolicyForm } from '../components/no-show-policy-form';
import { ReminderForm } from '../components/reminder-form';
import { WaitlistSettingsForm } from '../components/waitlist-settings-form';

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
        <CompanySummary company={company} />
        <Card>
          <h2 className="border-b border-slate-200 px-6 py-4 text-lg font-semibold text-slate-900">
            {t('companies.settings.detailsTitle')}
          </h2>
          <CompanySettingsForm company={company} />
        </Card>
        <Card>
          <h2 className="border-b border-slate-200 px-6 py-4 text-lg font-semibold text-slate-900">
            {t('companies.noShow.title')}
          </h2>
          <NoShowPolicyForm company={company} />
        </Card>
        <Card>
          <h2 className="border-b border-slate-200 px-6 py-4 text-lg font-semibold text-slate-900">
            {t('companies.reminder.title')}
          </h2>
          <ReminderForm company={company} />
        </Card>
        <Card>
          <h2 className="border-b border-slate-200 px-6 py-4 text-lg font-semibold text-slate-900">
            {t('companies.waitlist.title')}
          </h2>
          <WaitlistSettingsForm company={company} />
        </Card>
        <Card>
          <h2 className="border-b border-slate-200 px-6 py-4 text-lg font-semibold text-slate-900">
            {t('companies.settings.logo')}
          </h2>
          <CompanyLogoForm company={company} />
        </Card>
      </div>
    </>
  );
}
