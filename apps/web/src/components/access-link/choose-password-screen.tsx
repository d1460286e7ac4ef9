import { limits } from '@clube/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordInput } from '@/components/ui/password-input';
import { errorMessageOf } from '@/lib/errors';
import { isApiError } from '@/lib/http-client';
import type { Realm } from '@/lib/realm';
import { accessLinkTexts } from './texts';

type FieldErrors = { newPassword?: string; confirmPassword?: string };

/** The token of the link (`#token=…`): in the fragment, so it never reaches a server log. */
function readToken(): string {
  const match = /[#&]token=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  return match?.[1] ?? '';
}

type ChoosePasswordScreenProps = {
  realm: Realm;
  /** Sets the link's password with the realm's API, keeps the session and goes on signed in. */
  redeemLink: (body: { token: string; newPassword: string }) => Promise<void>;
  /** The realm's "Esqueci minha senha", for a new link. */
  forgotPasswordHref: string;
};

/**
 * The page a password link opens, in either realm: the user chooses their password (the rules of
 * their profile), is signed in, and the link is spent.
 */
export function ChoosePasswordScreen({
  realm,
  redeemLink,
  forgotPasswordHref,
}: ChoosePasswordScreenProps) {
  const { t } = useTranslation();
  const { field, forgot, choose } = accessLinkTexts[realm];
  const [token] = useState(readToken);
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!newPassword) errors.newPassword = t(`${field}.required`);
    else if (newPassword.length < limits.passwordMinLength) {
      errors.newPassword = t(`${choose}.tooShort`, { min: limits.passwordMinLength });
    }
    if (!confirmPassword) errors.confirmPassword = t(`${field}.required`);
    else if (confirmPassword !== newPassword) {
      errors.confirmPassword = t(`${choose}.mismatch`);
    }
    setFieldErrors(errors);
    if (errors.newPassword || errors.confirmPassword) return;
    setFailure(null);
    setIsPending(true);
    try {
      await redeemLink({ token, newPassword });
    } catch (caught) {
      setFailure(
        isApiError(caught) && caught.status === 400
          ? t(`${choose}.invalidLink`)
          : errorMessageOf(caught, t(`${forgot}.technicalProblems`)),
      );
    } finally {
      setIsPending(false);
    }
  };

  const passwordField = (name: keyof FieldErrors, value: string, set: (value: string) => void) => (
    <PasswordInput
      label={t(`${choose}.${name}`)}
      showLabel={t(`${field}.showPassword`)}
      hideLabel={t(`${field}.hidePassword`)}
      autoComplete="new-password"
      name={name}
      value={value}
      onChange={(event) => set(event.target.value)}
      error={fieldErrors[name]}
    />
  );

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t(`${choose}.title`)}</h1>
      <p className="mt-2 text-slate-700">
        {t(`${choose}.description`, { min: limits.passwordMinLength })}
      </p>
      {!token ? (
        <Alert tone="error" className="mt-6">
          {t(`${choose}.invalidLink`)}
        </Alert>
      ) : (
        <>
          {failure && (
            <Alert tone="error" className="mt-6">
              {failure}
            </Alert>
          )}
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-6 space-y-5">
            {passwordField('newPassword', newPassword, setNewPassword)}
            {passwordField('confirmPassword', confirmPassword, setConfirmPassword)}
            <Button type="submit" size="lg" className="w-full" isLoading={isPending}>
              {t(`${choose}.submit`)}
            </Button>
          </form>
        </>
      )}
      <p className="mt-8 text-center text-sm">
        <Link
          to={forgotPasswordHref}
          className="font-medium text-brand-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {t(`${choose}.askAgain`)}
        </Link>
      </p>
    </>
  );
}
