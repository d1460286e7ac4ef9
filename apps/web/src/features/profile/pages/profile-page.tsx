import { formatCpf } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useSession } from '@/lib/session';

export function ProfilePage() {
  const { t } = useTranslation();
  const user = useSession()?.user;
  if (!user) return null;
  return (
    <>
      <PageHeader title={t('profile.title')} description={t('profile.description')} />
      <Card className="max-w-2xl">
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
        <p className="border-t border-slate-200 px-6 py-4 text-sm text-slate-600">
          {t('profile.passwordHint')}
        </p>
      </Card>
    </>
  );
}
