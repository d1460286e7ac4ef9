import type { LoginForm as LoginFormValues } from '@clube/shared';
import { useEffect, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CpfInput } from '@/components/ui/cpf-input';
import { FormField, inputStyles } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { paths } from '@/config/paths';
import { errorKeyOf, errorMessageOf } from '@/lib/errors';
import { lazyToast } from '@/lib/toast';
import { useLogin } from '../api/login';
import { loginErrorMessageKey } from '../utils/login-error-message';

type LoginFormProps = {
  onSuccess: () => void;
  /** A club's invitation link the person opens by signing in (from the link's page). */
  invitation?: string;
};

/** zod and its resolver arrive after the form has painted; the first check waits for them. */
const loadResolver = () =>
  import('../utils/login-form-resolver').then((module) => module.loginFormResolver);

const resolver: Resolver<LoginFormValues> = async (values, context, options) =>
  (await loadResolver())(values, context, options);

export function LoginForm({ onSuccess, invitation }: LoginFormProps) {
  const { t } = useTranslation();
  const [hasCode, setHasCode] = useState(false);
  const [code, setCode] = useState('');
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginFormValues>({
    resolver,
    defaultValues: { cpf: '', password: '' },
  });
  useEffect(() => {
    // Fetched as soon as the form is on screen, so submitting does not wait for the download.
    void loadResolver();
  }, []);
  const loginMutation = useLogin({
    onSuccess: () => {
      // A failed attempt's toast would otherwise linger over the next screen.
      lazyToast.dismiss();
      onSuccess();
    },
  });

  const onSubmit = handleSubmit((values) => {
    const typed = code.trim();
    loginMutation.mutate(
      { ...values, invitation: typed || invitation },
      {
        onError: (error) => {
          const key = errorKeyOf(error);
          lazyToast.error(
            key === 'StaffInvitationInvalid' || key === 'StaffInvitationNeedsPassword'
              ? errorMessageOf(error, t('auth.toasts.technicalProblems'))
              : t(loginErrorMessageKey(error)),
          );
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <Controller
        name="cpf"
        control={control}
        render={({ field }) => (
          <FormField label={t('auth.login.cpfLabel')} error={errors.cpf?.message}>
            {(fieldControl) => (
              <CpfInput
                {...fieldControl}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                name={field.name}
                inputMode="numeric"
                autoComplete="username"
                placeholder={t('auth.login.cpfPlaceholder')}
                className={inputStyles(Boolean(errors.cpf))}
              />
            )}
          </FormField>
        )}
      />
      <div>
        <PasswordInput
          label={t('auth.login.passwordLabel')}
          showLabel={t('auth.login.showPassword')}
          hideLabel={t('auth.login.hidePassword')}
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="mt-2 text-right">
          <Link
            to={paths.forgotPassword.href()}
            className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {t('auth.login.forgotPassword')}
          </Link>
        </div>
      </div>
      {invitation === undefined &&
        (hasCode ? (
          <Input
            label={t('auth.login.invitationCode')}
            hint={t('auth.login.invitationCodeHint')}
            autoComplete="off"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        ) : (
          <button
            type="button"
            onClick={() => setHasCode(true)}
            className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {t('auth.login.haveInvitationCode')}
          </button>
        ))}
      <Button type="submit" size="lg" className="w-full" isLoading={loginMutation.isPending}>
        {loginMutation.isPending ? t('auth.login.submitting') : t('auth.login.submit')}
      </Button>
    </form>
  );
}
