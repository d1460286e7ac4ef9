import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { ChangePasswordForm } from '../components/change-password-form';

/**
 * The only page open while a one-time password is in use: the person replaces it, and the
 * guard then lets them in (src/app/routes/protected-route.tsx).
 */
export function RequiredPasswordChangePage() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh items-start justify-center bg-slate-50 px-4 py-10 sm:items-center">
      <Card className="w-full max-w-md">
        <div className="border-b border-slate-200 px-6 py-4">
          <h1 className="text-xl font-semibold text-slate-900">{t('profile.required.title')}</h1>
          <p className="mt-1 text-sm text-slate-600">{t('profile.required.description')}</p>
        </div>
        <ChangePasswordForm />
      </Card>
    </main>
  );
}
