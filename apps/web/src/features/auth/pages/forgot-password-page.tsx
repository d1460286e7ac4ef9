import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { AuthLayout } from '../components/auth-layout';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const steps = t('auth.forgotPassword.steps', { returnObjects: true });
  return (
    <AuthLayout>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        {t('auth.forgotPassword.title')}
      </h1>
      <p className="mt-3 text-slate-700">{t('auth.forgotPassword.description')}</p>
      <h2 className="mt-8 text-sm font-semibold text-slate-900">
        {t('auth.forgotPassword.stepsTitle')}
      </h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-700">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <Link
        to={paths.login.href()}
        className={buttonStyles({ variant: 'secondary', size: 'lg', className: 'mt-8 w-full' })}
      >
        <ArrowLeftIcon className="size-5" />
        {t('auth.forgotPassword.backToLogin')}
      </Link>
    </AuthLayout>
  );
}
