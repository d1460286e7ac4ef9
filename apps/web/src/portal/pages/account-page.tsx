import { limits } from '@clube/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LogoutIcon } from '@/components/ui/icons';
import { PasswordInput } from '@/components/ui/password-input';
import { useChangePassword } from '../api/change-password';
import { EmailPreferences } from '../components/email-preferences';
import { PushNotifications } from '../components/push-notifications';
import { errorKeyOf, errorMessageOf } from '@/lib/errors';
import { useSignedInSession } from '../lib/session';
import { signOutOfPortal } from '../lib/sign-out';
import { portalPaths } from '../paths';

type Fields = { currentPassword: string; newPassword: string; confirmPassword: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;
const emptyFields: Fields = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Conta: who is signed in, Alterar senha (other sessions end), the e-mails wanted, notifications
 * on this device, Sair.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const session = useSignedInSession();
  const navigate = useNavigate();
  const changePassword = useChangePassword();
  const [fields, setFields] = useState<Fields>(emptyFields);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);

  const passwordProps = (name: keyof Fields) => ({
    name,
    value: fields[name],
    error: errors[name],
    showLabel: t('portal.signIn.showPassword'),
    hideLabel: t('portal.signIn.hidePassword'),
    onChange: (event: { target: { value: string } }) =>
      setFields((current) => ({ ...current, [name]: event.target.value })),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const next: FieldErrors = {};
    if (!fields.currentPassword) next.currentPassword = t('portal.signIn.required');
    if (!fields.newPassword) next.newPassword = t('portal.signIn.required');
    else if (fields.newPassword.length < limits.passwordMinLength) {
      next.newPassword = t('common.passwordTooShort', { min: limits.passwordMinLength });
    }
    if (fields.confirmPassword !== fields.newPassword) {
      next.confirmPassword = t('portal.account.passwordsDiffer');
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    changePassword.mutate(
      { currentPassword: fields.currentPassword, newPassword: fields.newPassword },
      {
        onSuccess: () => {
          setFields(emptyFields);
          setNotice({ tone: 'info', text: t('portal.account.saved') });
        },
        onError: (error) => {
          // A wrong current password is the member's mistake: say it at the field.
          if (errorKeyOf(error) === 'InvalidOldPassword') {
            setErrors({ currentPassword: t('portal.account.wrongPassword') });
            return;
          }
          setNotice({
            tone: 'error',
            text: errorMessageOf(error, t('portal.account.failed')),
          });
        },
      },
    );
  };

  return (
    <div className="mx-auto max-w-md space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {t('portal.account.title')}
        </h1>
        <p className="mt-1 text-slate-700">{session.member.name}</p>
        <p className="text-sm text-slate-600">
          {t('portal.account.memberOf', { club: session.club.name })}
        </p>
      </div>
      <section aria-labelledby="change-password">
        <h2 id="change-password" className="text-lg font-semibold text-slate-900">
          {t('portal.account.passwordTitle')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('portal.account.passwordHelp')}</p>
        {notice && (
          <Alert tone={notice.tone} className="mt-4">
            {notice.text}
          </Alert>
        )}
        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
          <PasswordInput
            label={t('portal.account.currentPassword')}
            autoComplete="current-password"
            {...passwordProps('currentPassword')}
          />
          <PasswordInput
            label={t('portal.account.newPassword')}
            autoComplete="new-password"
            {...passwordProps('newPassword')}
          />
          <PasswordInput
            label={t('portal.account.confirmPassword')}
            autoComplete="new-password"
            {...passwordProps('confirmPassword')}
          />
          <Button type="submit" size="lg" className="w-full" isLoading={changePassword.isPending}>
            {changePassword.isPending ? t('portal.account.saving') : t('portal.account.save')}
          </Button>
        </form>
      </section>
      <EmailPreferences />
      <PushNotifications />
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        onClick={() =>
          void signOutOfPortal().then(() => navigate(portalPaths.signIn.href(), { replace: true }))
        }
      >
        <LogoutIcon className="size-5" />
        {t('portal.account.signOut')}
      </Button>
    </div>
  );
}
