import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { mailDeliveryQueryOptions } from '@/lib/api/get-mail-delivery';
import { errorMessageOf } from '@/lib/errors';
import { useInviteAssociate } from '../api/invitations';

/**
 * "Convidar para o portal" on an associate's page: mails them a link to create their portal
 * password (or, on a server that sends no e-mail, prepares it in Mensagens). The server refuses,
 * with the reason, a member with a password already, without an e-mail, or invited today.
 */
export function InviteAssociateButton({ associateId }: { associateId: string }) {
  const { t } = useTranslation();
  const invite = useInviteAssociate();
  const queryClient = useQueryClient();
  const send = async () => {
    try {
      await invite.mutateAsync(associateId);
      // Without a mail server the invitation waits in Mensagens, for staff to hand its link over.
      const sendsMail = await queryClient
        .ensureQueryData(mailDeliveryQueryOptions())
        .then((delivery) => delivery.sendsMail)
        .catch(() => undefined);
      toast.success(
        t(sendsMail === false ? 'invitations.noMail.readyForOne' : 'invitations.sentToOne'),
      );
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
