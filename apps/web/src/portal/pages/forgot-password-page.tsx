import { ForgotPasswordScreen } from '@/components/access-link/forgot-password-screen';
import { requestAccessLink } from '../api/access-link';
import { GuestFrame } from '../components/guest-frame';
import { portalPaths } from '../paths';

/**
 * Primeiro acesso / Esqueci minha senha: the member gives their CPF and the club mails a link to
 * choose a password to the address it holds.
 */
export function ForgotPasswordPage() {
  return (
    <GuestFrame>
      <ForgotPasswordScreen
        realm="portal"
        requestLink={requestAccessLink}
        signInHref={portalPaths.signIn.href()}
      />
    </GuestFrame>
  );
}
