import { isValidCpf } from '@clube/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonStyles } from '@/components/ui/button';
import { CpfField } from '@/components/ui/cpf-field';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { isApiError } from '@/lib/http-client';
import type { Realm } from '@/lib/realm';
import { accessLinkTexts } from './texts';

type ForgotPasswordScreenProps = {
  realm: Realm;
  /** Asks the realm's API to mail a link for the CPF. */
  requestLink: (cpf: string) => Promise<void>;
  /** The realm's sign-in page. */
  signInHref: string;
  /** Shown instead of the form when no link can reach the account (the server sends no mail). */
  unavailable?: ReactNode;
};

/**
 * Esqueci minha senha, in either realm: the CPF, then a link to the e-mail the club holds for
 * the account. The screen says the same whether or not a link went out (the server looks the CPF
 * up only after answering).
 */
export function ForgotPasswordScreen({
  realm,
  requestLink,
  signInHref,
  unavailable,
}: ForgotPasswordScreenProps) {
  const { t } = useTranslation();
  const { field, forgot } = accessLinkTexts[realm];
  const [cpf, setCpf] = useState('');
  const [cpfError, setCpfError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [isSent, setIsSent] = useState(false);
  const [isPending, setIsPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const error = !cpf.trim()
      ? t(`${field}.required`)
      : !isValidCpf(cpf)
        ? t(`${field}.invalidCpf`)
        : undefined;
    setCpfError(error);
    if (error) return;
    setFailure(null);
    setIsPending(true);
    try {
      await requestLink(cpf);
      setIsSent(true);
    } catch (caught) {
      setFailure(
        isApiError(caught) && caught.status === 429
          ? t(`${field}.tooManyRequests`)
          : t(`${forgot}.technicalProblems`),
      );
    } finally {
      setIsPending(false);
    }
  };

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t(`${forgot}.title`)}</h1>
      {unavailable ? (
        unavailable
      ) : isSent ? (
        <>
          <Alert className="mt-6">{t(`${forgot}.sent`)}</Alert>
          <p className="mt-4 text-slate-700">{t(`${forgot}.notReceived`)}</p>
        </>
      ) : (
        <>
          <p className="mt-3 text-slate-700">{t(`${forgot}.description`)}</p>
          {failure && (
            <Alert tone="error" className="mt-6">
              {failure}
            </Alert>
          )}
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-6 space-y-5">
            <CpfField
              label={t(`${field}.cpfLabel`)}
              placeholder={t(`${field}.cpfPlaceholder`)}
              value={cpf}
              onChange={setCpf}
              error={cpfError}
            />
            <Button type="submit" size="lg" className="w-full" isLoading={isPending}>
              {t(`${forgot}.submit`)}
            </Button>
          </form>
        </>
      )}
      <Link
        to={signInHref}
        className={buttonStyles({ variant: 'secondary', size: 'lg', className: 'mt-8 w-full' })}
      >
        <ArrowLeftIcon className="size-5" />
        {realm === 'backoffice'
          ? t('auth.forgotPassword.backToLogin')
          : t('portal.forgotPassword.backToSignIn')}
      </Link>
    </>
  );
}
