import { useTranslation } from 'react-i18next';
import { ForgotPasswordScreen } from '@/components/access-link/forgot-password-screen';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { useMailDelivery } from '@/lib/api/get-mail-delivery';
import { requestStaffAccessLink } from '../api/access-link';
import { AuthLayout } from '../components/auth-layout';

/**
 * Esqueci minha senha (staff): the link goes to the staff account's own e-mail. A server that
 * sends no mail says so, and who resets a staff password instead.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const sendsMail = useMailDelivery().data?.sendsMail;
  return (
    <AuthLayout>
      <ForgotPasswordScreen
        realm="backoffice"
        requestLink={requestStaffAccessLink}
        signInHref={paths.login.href()}
        unavailable={
          sendsMail === false && (
            <>
              <Alert className="mt-6">{t('auth.forgotPassword.noMail')}</Alert>
              <p className="mt-4 text-slate-700">
                {t('auth.forgotPassword.noMailAskAdministrator')}
              </p>
              <p className="mt-4 text-sm text-slate-600">
                {t('auth.forgotPassword.noMailLastAdministrator')}
              </p>
            </>
          )
        }
      />
    </AuthLayout>
  );
}
