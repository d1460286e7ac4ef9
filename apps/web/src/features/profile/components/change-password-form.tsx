import { changeOwnPasswordFormSchema, type ChangeOwnPasswordForm } from '@clube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { PasswordInput } from '@/components/ui/password-input';
import { errorKeyOf, errorMessageOf } from '@/lib/errors';
import { serverFieldErrorsOf } from '@/lib/server-field-errors';
import { withShortPasswordMessage } from '@/lib/short-password-message';
import { useChangeOwnPassword } from '../api/change-own-password';

const resolver = withShortPasswordMessage(zodResolver(changeOwnPasswordFormSchema), [
  'newPassword',
]);

const emptyForm: ChangeOwnPasswordForm = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/** The signed-in staff member's own password: current one, new one and its confirmation. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const changePassword = useChangeOwnPassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangeOwnPasswordForm>({
    resolver,
    defaultValues: emptyForm,
  });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) => {
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset(emptyForm);
          toast.success(t('profile.password.success'));
        },
        onError: (error) => {
          if (errorKeyOf(error) === 'InvalidOldPassword') {
            setError(
              'currentPassword',
              { message: t('errors.InvalidOldPassword') },
              { shouldFocus: true },
            );
          }
          const fields = ['currentPassword', 'newPassword'] as const;
          for (const { field, message } of serverFieldErrorsOf(error, fields)) {
            setError(field, { message });
          }
          toast.error(errorMessageOf(error, t('profile.password.error')));
        },
      },
    );
  });

  const toggleLabels = {
    showLabel: t('profile.password.show'),
    hideLabel: t('profile.password.hide'),
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('profile.password.title')}
      className="space-y-5 p-6"
    >
      <PasswordInput
        label={t('profile.password.currentPassword')}
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...toggleLabels}
        {...register('currentPassword')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <PasswordInput
          label={t('profile.password.newPassword')}
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...toggleLabels}
          {...register('newPassword')}
        />
        <PasswordInput
          label={t('profile.password.confirmPassword')}
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...toggleLabels}
          {...register('confirmPassword')}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" isLoading={changePassword.isPending}>
          {changePassword.isPending
            ? t('profile.password.submitting')
            : t('profile.password.submit')}
        </Button>
      </div>
    </form>
  );
}
