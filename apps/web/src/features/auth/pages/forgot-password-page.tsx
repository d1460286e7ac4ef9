import { isValidCpf } from '@clube/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonStyles } from '@/components/ui/button';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { CpfInput } from '@/components/ui/cpf-input';
import { FormField, inputStyles } from '@/components/ui/form-field';
import { useMailDelivery } from '@/lib/api/get-mail-delivery';
import { isApiError } from '@/lib/http-client';
import { requestStaffAccessLink as requestAccessLink } from '../api/access-link';
import { AuthLayout as GuestFrame } from '../components/auth-layout';
import { paths } from '@/config/paths';

/**
 * Esqueci minha senha (staff): the CPF, then a link to the staff account's own e-mail. The page
 * says the same whether or not a link went out (the server looks the CPF up only after answering).
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [cpf, setCpf] = useState('');
  const [cpfError, setCpfError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [isSent, setIsSent] = useState(false);
  const [isPending, setIsPending] = useState(false);
  const sendsMail = useMailDelivery().data?.sendsMail;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const error = !cpf.trim()
      ? t('auth.accessLink.required')
      : !isValidCpf(cpf)
        ? t('auth.accessLink.invalidCpf')
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
          ? t('auth.accessLink.tooManyRequests')
          : t('auth.forgotPassword.technicalProblems'),
      );
    } finally {
      setIsPending(false);
    }
  };

  return (
    <GuestFrame>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        {t('auth.forgotPassword.title')}
      </h1>
      {sendsMail === false ? (
        <>
          <Alert className="mt-6">{t('auth.forgotPassword.noMail')}</Alert>
          <p className="mt-4 text-slate-700">{t('auth.forgotPassword.noMailAskAdministrator')}</p>
          <p className="mt-4 text-sm text-slate-600">
            {t('auth.forgotPassword.noMailLastAdministrator')}
          </p>
        </>
      ) : isSent ? (
        <>
          <Alert className="mt-6">{t('auth.forgotPassword.sent')}</Alert>
          <p className="mt-4 text-slate-700">{t('auth.forgotPassword.notReceived')}</p>
        </>
      ) : (
        <>
          <p className="mt-3 text-slate-700">{t('auth.forgotPassword.description')}</p>
          {failure && (
            <Alert tone="error" className="mt-6">
              {failure}
            </Alert>
          )}
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-6 space-y-5">
            <FormField label={t('auth.accessLink.cpfLabel')} error={cpfError}>
              {(control) => (
                <CpfInput
                  {...control}
                  name="cpf"
                  value={cpf}
                  onChange={setCpf}
                  inputMode="numeric"
                  autoComplete="username"
                  placeholder={t('auth.accessLink.cpfPlaceholder')}
                  className={inputStyles(Boolean(cpfError))}
                />
              )}
            </FormField>
            <Button type="submit" size="lg" className="w-full" isLoading={isPending}>
              {t('auth.forgotPassword.submit')}
            </Button>
          </form>
        </>
      )}
      <Link
        to={paths.login.href()}
        className={buttonStyles({ variant: 'secondary', size: 'lg', className: 'mt-8 w-full' })}
      >
        <ArrowLeftIcon className="size-5" />
        {t('auth.forgotPassword.backToLogin')}
      </Link>
    </GuestFrame>
  );
}
