import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { GuestFrame } from '../components/guest-frame';
import { portalPaths } from '../paths';

/** There is no e-mail reset: the club's secretariat sets a new portal password in the back office. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const steps = t('portal.forgotPassword.steps', { returnObjects: true });
  return (
    <GuestFrame>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        {t('portal.forgotPassword.title')}
      </h1>
      <p className="mt-3 text-slate-700">{t('portal.forgotPassword.description')}</p>
      <h2 className="mt-8 text-base font-semibold text-slate-900">
        {t('portal.forgotPassword.stepsTitle')}
      </h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <Link
        to={portalPaths.signIn.href()}
        className={buttonStyles({ variant: 'secondary', size: 'lg', className: 'mt-8 w-full' })}
      >
        <ArrowLeftIcon className="size-5" />
        {t('portal.forgotPassword.backToSignIn')}
      </Link>
    </GuestFrame>
  );
}
