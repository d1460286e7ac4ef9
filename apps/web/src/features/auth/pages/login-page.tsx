import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { paths, readLoginReturnPath } from '@/config/paths';
import { returnPathParam } from '@/lib/return-path';
import { AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';

const knownLoginErrors = ['NoCompanyFound', 'SessionExpired'] as const;
type KnownLoginError = (typeof knownLoginErrors)[number];

function isKnownLoginError(value: string): value is KnownLoginError {
  return (knownLoginErrors as readonly string[]).includes(value);
}

/** A club's invitation link handed over by its page (`#convite=…`): in the fragment, never logged. */
function invitationIn(hash: string): string | undefined {
  return /[#&]convite=([A-Za-z0-9_-]+)/.exec(hash)?.[1];
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const errorCode = params.error ?? searchParams.get('error');
  // The page that asked for the login (a path of this app only): it opens once signed in.
  const returnTo = readLoginReturnPath(searchParams.get(returnPathParam));
  const { hash } = useLocation();
  const [invitation] = useState(() => invitationIn(hash));

  return (
    <AuthLayout>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('auth.login.title')}</h1>
      <p className="mt-2 text-sm text-slate-600">{t('auth.login.subtitle')}</p>
      {errorCode && (
        <Alert tone="error" className="mt-6">
          {isKnownLoginError(errorCode)
            ? t(`auth.loginErrors.${errorCode}`)
            : t('auth.loginErrors.unknown')}
        </Alert>
      )}
      {invitation && <Alert className="mt-6">{t('auth.login.invitationFromLink')}</Alert>}
      <div className="mt-8">
        <LoginForm
          invitation={invitation}
          onSuccess={() => navigate(returnTo ?? paths.selectCompany.href(), { replace: true })}
        />
      </div>
    </AuthLayout>
  );
}
