import { useTranslation } from 'react-i18next';
import { ForgotPasswordScreen } from '@/components/access-link/forgot-password-screen';
import { Alert } from '@/components/ui/alert';
import { requestAccessLink } from '../api/access-link';
import { useMailDelivery } from '../api/mail-delivery';
import { GuestFrame } from '../components/guest-frame';
import { portalPaths } from '../paths';

/**
 * Primeiro acesso / Esqueci minha senha: the member gives their CPF and the club mails a link to
 * choose a password to the address it holds. A server that sends no mail says so, and that the
 * club sets the password instead: no link would ever arrive.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const sendsMail = useMailDelivery().data?.sendsMail;
  return (
    <GuestFrame>
      <ForgotPasswordScreen
        realm="portal"
        requestLink={requestAccessLink}
        signInHref={portalPaths.signIn.href()}
        unavailable={
          sendsMail === false && (
            <>
              <Alert className="mt-6">{t('portal.forgotPassword.noMail')}</Alert>
              <p className="mt-4 text-slate-700">{t('portal.forgotPassword.noMailAskClub')}</p>
            </>
          )
        }
      />
    </GuestFrame>
  );
}
