import { limits } from '@clube/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordInput } from '@/components/ui/password-input';
import { isApiError } from '@/lib/http-client';
import { redeemAccessLink } from '../api/access-link';
import { GuestFrame } from '../components/guest-frame';
import { errorMessageOf } from '@/lib/errors';
import { setPortalSession } from '../lib/session';
import { portalPaths } from '../paths';

type FieldErrors = { newPassword?: string; confirmPassword?: string };

/** The token of the link (`#token=…`): in the fragment, so it never reaches a server log. */
function readToken(): string {
  const match = /[#&]token=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  return match?.[1] ?? '';
}

/**
 * The page a password link opens: the member chooses their password (the rules of Conta), is
 * signed in to the link's club, and the link is spent.
 */
export function ChoosePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [token] = useState(readToken);
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!newPassword) errors.newPassword = t('portal.signIn.required');
    else if (newPassword.length < limits.passwordMinLength) {
      errors.newPassword = t('portal.choosePassword.tooShort', { min: limits.passwordMinLength });
    }
    if (!confirmPassword) errors.confirmPassword = t('portal.signIn.required');
    else if (confirmPassword !== newPassword) {
      errors.confirmPassword = t('portal.choosePassword.mismatch');
    }
    setFieldErrors(errors);
    if (errors.newPassword || errors.confirmPassword) return;
    setFailure(null);
    setIsPending(true);
    try {
      const session = await redeemAccessLink({ token, newPassword });
      setPortalSession(session);
      navigate(portalPaths.home.href(), { replace: true });
    } catch (caught) {
      setFailure(
        isApiError(caught) && caught.status === 400
          ? t('portal.choosePassword.invalidLink')
          : errorMessageOf(caught, t('portal.forgotPassword.technicalProblems')),
      );
    } finally {
      setIsPending(false);
    }
  };

  return (
    <GuestFrame>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        {t('portal.choosePassword.title')}
      </h1>
      <p className="mt-2 text-slate-700">
        {t('portal.choosePassword.description', { min: limits.passwordMinLength })}
      </p>
      {!token ? (
        <Alert tone="error" className="mt-6">
          {t('portal.choosePassword.invalidLink')}
        </Alert>
      ) : (
        <>
          {failure && (
            <Alert tone="error" className="mt-6">
              {failure}
            </Alert>
          )}
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-6 space-y-5">
            <PasswordInput
              label={t('portal.choosePassword.newPassword')}
              showLabel={t('portal.signIn.showPassword')}
              hideLabel={t('portal.signIn.hidePassword')}
              autoComplete="new-password"
              name="newPassword"
              value={newPassword}
              onChange={(event) => setNewPassword(event.target.value)}
              error={fieldErrors.newPassword}
            />
            <PasswordInput
              label={t('portal.choosePassword.confirmPassword')}
              showLabel={t('portal.signIn.showPassword')}
              hideLabel={t('portal.signIn.hidePassword')}
              autoComplete="new-password"
              name="confirmPassword"
              value={confirmPassword}
              onChange={(event) => setConfirmPassword(event.target.value)}
              error={fieldErrors.confirmPassword}
            />
            <Button type="submit" size="lg" className="w-full" isLoading={isPending}>
              {t('portal.choosePassword.submit')}
            </Button>
          </form>
        </>
      )}
      <p className="mt-8 text-center text-sm">
        <Link
          to={portalPaths.forgotPassword.href()}
          className="font-medium text-brand-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {t('portal.choosePassword.askAgain')}
        </Link>
      </p>
    </GuestFrame>
  );
}
