import { formatCpf } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useSession } from '@/lib/session';
import { ChangePasswordForm } from '../components/change-password-form';

export function ProfilePage() {
  const { t } = useTranslation();
  const user = useSession()?.user;
  if (!user) return null;
  return (
    <>
      <PageHeader title={t('profile.title')} description={t('profile.description')} />
      <div className="grid max-w-4xl gap-6">
        <Card>
          <dl className="divide-y divide-slate-200">
            <div className="grid gap-1 px-6 py-4 sm:grid-cols-3 sm:gap-4">
              <dt className="text-sm font-medium text-slate-600">{t('profile.name')}</dt>
              <dd className="text-sm text-slate-900 sm:col-span-2">{user.name}</dd>
            </div>
            <div className="grid gap-1 px-6 py-4 sm:grid-cols-3 sm:gap-4">
              <dt className="text-sm font-medium text-slate-600">{t('profile.cpf')}</dt>
              <dd className="text-sm text-slate-900 tabular-nums sm:col-span-2">
                {formatCpf(user.cpf)}
              </dd>
            </div>
          </dl>
        </Card>
        <Card>
          <div className="border-b border-slate-200 px-6 py-4">
            <h2 className="text-lg font-semibold text-slate-900">{t('profile.password.title')}</h2>
            <p className="mt-1 text-sm text-slate-600">{t('profile.password.description')}</p>
          </div>
          <ChangePasswordForm />
        </Card>
      </div>
    </>
  );
}
