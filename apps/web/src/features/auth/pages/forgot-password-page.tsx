import { ForgotPasswordScreen } from '@/components/access-link/forgot-password-screen';
import { paths } from '@/config/paths';
import { requestStaffAccessLink } from '../api/access-link';
import { AuthLayout } from '../components/auth-layout';

/** Esqueci minha senha (staff): the link goes to the staff account's own e-mail. */
export function ForgotPasswordPage() {
  return (
    <AuthLayout>
      <ForgotPasswordScreen
        realm="backoffice"
        requestLink={requestStaffAccessLink}
        signInHref={paths.login.href()}
      />
    </AuthLayout>
  );
}
