import { limits, type AccessLinkStatus } from '@clube/shared';
import { useEffect, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordInput } from '@/components/ui/password-input';
import { errorKeyOf, errorMessageOf } from '@/lib/errors';
import { isApiError } from '@/lib/http-client';
import type { Realm } from '@/lib/realm';
import { accessLinkTexts } from './texts';

type FieldErrors = { newPassword?: string; confirmPassword?: string };

/** The token of the link (`#token=…`): in the fragment, so it never reaches a server log. */
function readToken(): string {
  const match = /[#&]token=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  return match?.[1] ?? '';
}

const onHashChange = (changed: () => void) => {
  window.addEventListener('hashchange', changed);
  return () => window.removeEventListener('hashchange', changed);
};

/**
 * The token of the address as it is now: a second link opened in the same tab changes only the
 * fragment (no page load), and the page follows it.
 */
function useLinkToken(): string {
  return useSyncExternalStore(onHashChange, readToken);
}

type ChoosePasswordScreenProps = {
  realm: Realm;
  /** Whether the link still works (and its club), asked when the page opens; spends nothing. */
  checkLink: (token: string) => Promise<AccessLinkStatus>;
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
  checkLink,
  redeemLink,
  forgotPasswordHref,
}: ChoosePasswordScreenProps) {
  const { t } = useTranslation();
  const { choose } = accessLinkTexts[realm];
  const token = useLinkToken();
  const check = useLinkCheck(token, checkLink);
  const isMalformed = token === '' || (isApiError(check.error) && check.error.status === 400);
  const isDead = isMalformed || errorKeyOf(check.error) === 'AccessLinkInvalid';
  const clubName = check.data?.clubName ?? null;

  return (
    <>
      {clubName && <p className="mb-1 text-sm font-semibold text-brand-700">{clubName}</p>}
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t(`${choose}.title`)}</h1>
      <p className="mt-2 text-slate-700">
        {t(`${choose}.description`, { min: limits.passwordMinLength })}
      </p>
      {isDead ? (
        <Alert tone="error" className="mt-6">
          {isMalformed ? t(`${choose}.invalidLink`) : errorMessageOf(check.error, '')}
        </Alert>
      ) : check.isPending ? (
        <p role="status" className="mt-6 text-slate-700">
          {t(`${choose}.checking`)}
        </p>
      ) : (
        // Keyed by the token: another link starts with an empty form of its own.
        <ChoosePasswordForm key={token} realm={realm} token={token} redeemLink={redeemLink} />
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

type LinkCheck = {
  token: string;
  isPending: boolean;
  data?: AccessLinkStatus;
  error?: unknown;
};

/**
 * The link's check, asked once per token (the guest pages carry no data cache: they stay small
 * for the first load on a phone).
 */
function useLinkCheck(token: string, checkLink: ChoosePasswordScreenProps['checkLink']) {
  const [check, setCheck] = useState<LinkCheck>({ token: '', isPending: true });
  useEffect(() => {
    if (!token) return;
    let isCurrent = true;
    checkLink(token).then(
      (data) => isCurrent && setCheck({ token, isPending: false, data }),
      (error: unknown) => isCurrent && setCheck({ token, isPending: false, error }),
    );
    return () => {
      isCurrent = false;
    };
  }, [token, checkLink]);
  // An answer about another token (the one before) says nothing about this one.
  return check.token === token ? check : ({ token, isPending: true } satisfies LinkCheck);
}

/** The password twice, sent with the link's token. */
function ChoosePasswordForm({
  realm,
  token,
  redeemLink,
}: {
  realm: Realm;
  token: string;
  redeemLink: ChoosePasswordScreenProps['redeemLink'];
}) {
  const { t } = useTranslation();
  const { field, forgot, choose } = accessLinkTexts[realm];
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
  );
}
