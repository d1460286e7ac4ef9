import { useNavigate } from 'react-router';
import { ChoosePasswordScreen } from '@/components/access-link/choose-password-screen';
import { checkAccessLink, redeemAccessLink } from '../api/access-link';
import { GuestFrame } from '../components/guest-frame';
import { setPortalSession } from '../lib/session';
import { portalPaths } from '../paths';

/**
 * The page a password link opens: the member chooses their password, is signed in to the link's
 * club, and the link is spent.
 */
export function ChoosePasswordPage() {
  const navigate = useNavigate();
  return (
    <GuestFrame>
      <ChoosePasswordScreen
        realm="portal"
        checkLink={checkAccessLink}
        redeemLink={async (body) => {
          setPortalSession(await redeemAccessLink(body));
          await navigate(portalPaths.home.href(), { replace: true });
        }}
        forgotPasswordHref={portalPaths.forgotPassword.href()}
      />
    </GuestFrame>
  );
}
