import { isValidCpf } from '@clube/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonStyles } from '@/components/ui/button';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { CpfInput } from '@/components/ui/cpf-input';
import { FormField, inputStyles } from '@/components/ui/form-field';
import { isApiError } from '@/lib/http-client';
import { requestAccessLink } from '../api/access-link';
import { GuestFrame } from '../components/guest-frame';
import { portalPaths } from '../paths';

/**
 * Primeiro acesso / Esqueci minha senha: the member gives their CPF and the club mails a link to
 * choose a password to the address it holds. The page says the same whether or not a link went
 * out (it cannot know: the server looks the CPF up only after answering).
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [cpf, setCpf] = useState('');
  const [cpfError, setCpfError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [isSent, setIsSent] = useState(false);
  const [isPending, setIsPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const error = !cpf.trim()
      ? t('portal.signIn.required')
      : !isValidCpf(cpf)
        ? t('portal.signIn.invalidCpf')
        : undefined;
    setCpfError(error);
    if (error) return;
    setFailure(null);
    setIsPending(true);
    try {
      await requestAccessLink(cpf);
      setIsSent(true);
    } catch (caught) {
      setFailure(
        isApiError(caught) && caught.status === 429
          ? t('portal.signIn.tooManyRequests')
          : t('portal.forgotPassword.technicalProblems'),
      );
    } finally {
      setIsPending(false);
    }
  };

  return (
    <GuestFrame>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        {t('portal.forgotPassword.title')}
      </h1>
      {isSent ? (
        <>
          <Alert className="mt-6">{t('portal.forgotPassword.sent')}</Alert>
          <p className="mt-4 text-slate-700">{t('portal.forgotPassword.notReceived')}</p>
        </>
      ) : (
        <>
          <p className="mt-3 text-slate-700">{t('portal.forgotPassword.description')}</p>
          {failure && (
            <Alert tone="error" className="mt-6">
              {failure}
            </Alert>
          )}
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-6 space-y-5">
            <FormField label={t('portal.signIn.cpfLabel')} error={cpfError}>
              {(control) => (
                <CpfInput
                  {...control}
                  name="cpf"
                  value={cpf}
                  onChange={setCpf}
                  inputMode="numeric"
                  autoComplete="username"
                  placeholder={t('portal.signIn.cpfPlaceholder')}
                  className={inputStyles(Boolean(cpfError))}
                />
              )}
            </FormField>
            <Button type="submit" size="lg" className="w-full" isLoading={isPending}>
              {t('portal.forgotPassword.submit')}
            </Button>
          </form>
        </>
      )}
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
