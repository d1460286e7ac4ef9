import { useNavigate } from 'react-router';
import { ChoosePasswordScreen } from '@/components/access-link/choose-password-screen';
import { paths } from '@/config/paths';
import { errorKeyOf } from '@/lib/errors';
import { setSession } from '@/lib/session';
import { checkStaffAccessLink, redeemStaffAccessLink } from '../api/access-link';
import { AuthLayout } from '../components/auth-layout';

/**
 * The page a staff password link opens: the staff member chooses their password, is signed in
 * and goes on to choose the club. A club's invitation to an account that already opens another
 * club is accepted with the account's own password instead: the sign-in page takes it over.
 */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  return (
    <AuthLayout>
      <ChoosePasswordScreen
        realm="backoffice"
        checkLink={checkStaffAccessLink}
        redeemLink={async (body) => {
          try {
            setSession(await redeemStaffAccessLink(body));
          } catch (error) {
            if (errorKeyOf(error) !== 'StaffInvitationNeedsPassword') throw error;
            await navigate(`${paths.login.href()}#convite=${body.token}`, { replace: true });
            return;
          }
          await navigate(paths.selectCompany.href(), { replace: true });
        }}
        forgotPasswordHref={paths.forgotPassword.href()}
      />
    </AuthLayout>
  );
}
