import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/errors';
import { useInviteAssociate } from '../api/invitations';

/**
 * "Convidar para o portal" on an associate's page: mails them a link to create their portal
 * password. The server refuses, with the reason, a member with a password already, without an
 * e-mail, or invited today.
 */
export function InviteAssociateButton({ associateId }: { associateId: string }) {
  const { t } = useTranslation();
  const invite = useInviteAssociate();
  const send = async () => {
    try {
      await invite.mutateAsync(associateId);
      toast.success(t('invitations.sentToOne'));
    } catch (error) {
      toast.error(errorMessageOf(error, t('invitations.error')));
    }
  };
  return (
    <Button variant="secondary" isLoading={invite.isPending} onClick={() => void send()}>
      {t('invitations.open')}
    </Button>
  );
}
