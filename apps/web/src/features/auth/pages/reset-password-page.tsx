import { limits } from '@clube/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordInput } from '@/components/ui/password-input';
import { isApiError } from '@/lib/http-client';
import { redeemStaffAccessLink as redeemAccessLink } from '../api/access-link';
import { AuthLayout as GuestFrame } from '../components/auth-layout';
import { errorMessageOf } from '@/lib/errors';
import { setSession } from '@/lib/session';
import { paths } from '@/config/paths';

type FieldErrors = { newPassword?: string; confirmPassword?: string };

/** The token of the link (`#token=…`): in the fragment, so it never reaches a server log. */
function readToken(): string {
  const match = /[#&]token=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  return match?.[1] ?? '';
}

/**
 * The page a staff password link opens: the staff member chooses their password (the rules of
 * the profile page), is signed in, and the link is spent.
 */
export function ResetPasswordPage() {
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
    if (!newPassword) errors.newPassword = t('auth.accessLink.required');
    else if (newPassword.length < limits.passwordMinLength) {
      errors.newPassword = t('auth.choosePassword.tooShort', { min: limits.passwordMinLength });
    }
    if (!confirmPassword) errors.confirmPassword = t('auth.accessLink.required');
    else if (confirmPassword !== newPassword) {
      errors.confirmPassword = t('auth.choosePassword.mismatch');
    }
    setFieldErrors(errors);
    if (errors.newPassword || errors.confirmPassword) return;
    setFailure(null);
    setIsPending(true);
    try {
      const session = await redeemAccessLink({ token, newPassword });
      setSession(session);
      navigate(paths.selectCompany.href(), { replace: true });
    } catch (caught) {
      setFailure(
        isApiError(caught) && caught.status === 400
          ? t('auth.choosePassword.invalidLink')
          : errorMessageOf(caught, t('auth.forgotPassword.technicalProblems')),
      );
    } finally {
      setIsPending(false);
    }
  };

  return (
    <GuestFrame>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        {t('auth.choosePassword.title')}
      </h1>
      <p className="mt-2 text-slate-700">
        {t('auth.choosePassword.description', { min: limits.passwordMinLength })}
      </p>
      {!token ? (
        <Alert tone="error" className="mt-6">
          {t('auth.choosePassword.invalidLink')}
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
              label={t('auth.choosePassword.newPassword')}
              showLabel={t('auth.accessLink.showPassword')}
              hideLabel={t('auth.accessLink.hidePassword')}
              autoComplete="new-password"
              name="newPassword"
              value={newPassword}
              onChange={(event) => setNewPassword(event.target.value)}
              error={fieldErrors.newPassword}
            />
            <PasswordInput
              label={t('auth.choosePassword.confirmPassword')}
              showLabel={t('auth.accessLink.showPassword')}
              hideLabel={t('auth.accessLink.hidePassword')}
              autoComplete="new-password"
              name="confirmPassword"
              value={confirmPassword}
              onChange={(event) => setConfirmPassword(event.target.value)}
              error={fieldErrors.confirmPassword}
            />
            <Button type="submit" size="lg" className="w-full" isLoading={isPending}>
              {t('auth.choosePassword.submit')}
            </Button>
          </form>
        </>
      )}
      <p className="mt-8 text-center text-sm">
        <Link
          to={paths.forgotPassword.href()}
          className="font-medium text-brand-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {t('auth.choosePassword.askAgain')}
        </Link>
      </p>
    </GuestFrame>
  );
}
