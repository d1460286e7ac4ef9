import { useNavigate } from 'react-router';
import { ChoosePasswordScreen } from '@/components/access-link/choose-password-screen';
import { paths } from '@/config/paths';
import { setSession } from '@/lib/session';
import { redeemStaffAccessLink } from '../api/access-link';
import { AuthLayout } from '../components/auth-layout';

/**
 * The page a staff password link opens: the staff member chooses their password, is signed in
 * and goes on to choose the club.
 */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  return (
    <AuthLayout>
      <ChoosePasswordScreen
        realm="backoffice"
        redeemLink={async (body) => {
          setSession(await redeemStaffAccessLink(body));
          await navigate(paths.selectCompany.href(), { replace: true });
        }}
        forgotPasswordHref={paths.forgotPassword.href()}
      />
    </AuthLayout>
  );
}
