import { isValidCpf, limits, type PortalClub } from '@clube/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CpfField } from '@/components/ui/cpf-field';
import { PasswordInput } from '@/components/ui/password-input';
import { isApiError } from '@/lib/http-client';
import { returnPathParam } from '@/lib/return-path';
import { signIn } from '../api/sign-in';
import { GuestFrame } from '../components/guest-frame';
import { setPortalSession } from '../lib/session';
import { portalPaths, readSignInReturnPath } from '../paths';

type FieldErrors = { cpf?: string; password?: string };

/**
 * Entrar: CPF and portal password. A plain form (no react-hook-form, no zod): this is the
 * portal's first page, and two fields do not need them.
 */
export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [cpf, setCpf] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [clubs, setClubs] = useState<PortalClub[] | null>(null);
  const [pendingClubId, setPendingClubId] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  const isExpired = searchParams.get('sessao') === 'expirada';
  // The page that asked for the sign-in (a portal path only): it opens once signed in.
  const returnTo = readSignInReturnPath(searchParams.get(returnPathParam));

  const failureMessage = (error: unknown) => {
    if (isApiError(error) && (error.status === 401 || error.status === 400)) {
      return t('portal.signIn.invalidCredentials');
    }
    if (isApiError(error) && error.status === 429) return t('portal.signIn.tooManyRequests');
    return t('portal.signIn.technicalProblems');
  };

  const attempt = async (companyId?: string) => {
    setFailure(null);
    setIsPending(true);
    setPendingClubId(companyId ?? null);
    try {
      const result = await signIn({ cpf, password, ...(companyId ? { companyId } : {}) });
      if (result.kind === 'chooseClub') {
        setClubs(result.clubs);
        return;
      }
      setPortalSession(result.session);
      navigate(returnTo ?? portalPaths.home.href(), { replace: true });
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setIsPending(false);
      setPendingClubId(null);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!cpf.trim()) errors.cpf = t('portal.signIn.required');
    else if (!isValidCpf(cpf)) errors.cpf = t('portal.signIn.invalidCpf');
    if (!password) errors.password = t('portal.signIn.required');
    else if (password.length < limits.passwordMinLength) {
      // Shorter than any password the club can set: it cannot be right.
      errors.password = t('portal.signIn.invalidCredentials');
    }
    setFieldErrors(errors);
    if (errors.cpf || errors.password) return;
    void attempt();
  };

  if (clubs) {
    return (
      <GuestFrame>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {t('portal.signIn.chooseClub.title')}
        </h1>
        <p className="mt-2 text-slate-700">{t('portal.signIn.chooseClub.description')}</p>
        {failure && (
          <Alert tone="error" className="mt-6">
            {failure}
          </Alert>
        )}
        <ul className="mt-6 space-y-3">
          {clubs.map((club) => (
            <li key={club.id}>
              <button
                type="button"
                disabled={isPending}
                onClick={() => void attempt(club.id)}
                aria-label={t('portal.signIn.chooseClub.enter', { name: club.name })}
                className="flex w-full cursor-pointer items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-4 text-left font-semibold text-slate-900 shadow-sm hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:cursor-wait"
              >
                <img
                  src={club.logoUrl ?? '/favicon.svg'}
                  alt=""
                  width="40"
                  height="40"
                  className="size-10 rounded-full object-contain"
                />
                <span className="flex-1">{club.name}</span>
                {pendingClubId === club.id && (
                  <span className="text-sm font-normal text-slate-600">
                    {t('portal.signIn.submitting')}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
        <Button
          variant="secondary"
          size="lg"
          className="mt-6 w-full"
          onClick={() => {
            setClubs(null);
            setFailure(null);
          }}
        >
          {t('portal.signIn.chooseClub.back')}
        </Button>
      </GuestFrame>
    );
  }

  return (
    <GuestFrame>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        {t('portal.signIn.title')}
      </h1>
      <p className="mt-2 text-slate-700">{t('portal.signIn.subtitle')}</p>
      {isExpired && !failure && <Alert className="mt-6">{t('portal.signIn.sessionExpired')}</Alert>}
      {failure && (
        <Alert tone="error" className="mt-6">
          {failure}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5">
        <CpfField
          label={t('portal.signIn.cpfLabel')}
          placeholder={t('portal.signIn.cpfPlaceholder')}
          value={cpf}
          onChange={setCpf}
          error={fieldErrors.cpf}
        />
        <div>
          <PasswordInput
            label={t('portal.signIn.passwordLabel')}
            showLabel={t('portal.signIn.showPassword')}
            hideLabel={t('portal.signIn.hidePassword')}
            autoComplete="current-password"
            name="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={fieldErrors.password}
          />
          <div className="mt-2 text-right">
            <Link
              to={portalPaths.forgotPassword.href()}
              className="text-sm font-medium text-brand-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              {t('portal.signIn.forgotPassword')}
            </Link>
          </div>
        </div>
        <Button type="submit" size="lg" className="w-full" isLoading={isPending}>
          {isPending ? t('portal.signIn.submitting') : t('portal.signIn.submit')}
        </Button>
      </form>
      <p className="mt-10 text-center text-sm">
        {/* The back office is another app: a full page load, not a route of this router. */}
        <a
          href="/login"
          className="font-medium text-slate-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {t('portal.signIn.staffLink')}
        </a>
      </p>
    </GuestFrame>
  );
}
