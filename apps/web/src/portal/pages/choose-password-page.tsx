import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { ChoosePasswordScreen } from '@/components/access-link/choose-password-screen';
import { checkAccessLink, redeemAccessLink } from '../api/access-link';
import { GuestFrame } from '../components/guest-frame';
import { useClubManifest } from '../lib/club-manifest';
import { setPortalSession } from '../lib/session';
import { portalPaths } from '../paths';

/**
 * The page a password link opens: the member chooses their password, is signed in to the link's
 * club, and the link is spent. The page names the club, and installs as the club's app.
 */
export function ChoosePasswordPage() {
  const navigate = useNavigate();
  const [clubId, setClubId] = useState<string | null>(null);
  useClubManifest(clubId);
  // Stable: the screen checks the link again whenever this changes.
  const checkLink = useCallback(async (token: string) => {
    const status = await checkAccessLink(token);
    setClubId(status.clubId);
    return status;
  }, []);
  return (
    <GuestFrame>
      <ChoosePasswordScreen
        realm="portal"
        checkLink={checkLink}
        redeemLink={async (body) => {
          setPortalSession(await redeemAccessLink(body));
          await navigate(portalPaths.home.href(), { replace: true });
        }}
        forgotPasswordHref={portalPaths.forgotPassword.href()}
      />
    </GuestFrame>
  );
}
