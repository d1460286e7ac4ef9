import type { InvitationBatch } from '@clube/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { useMailDelivery } from '@/lib/api/get-mail-delivery';
import { useCan } from '@/lib/permissions';
import { errorMessageOf } from '@/lib/errors';
import { useHasBeenTrue } from '@/lib/use-has-been-true';
import { useInvitationSummary, useInviteAllAssociates } from '../api/invitations';

const numberFormat = new Intl.NumberFormat('pt-BR');

/** The texts of a server that sends e-mail, or of one that only keeps the invitations. */
const textsOf = (sendsMail: boolean | undefined) =>
  sendsMail === false ? 'invitations.noMail' : 'invitations';

/**
 * The bulk invitation's progress while the sender works it, then its outcome. Without a mail
 * server the invitations are only prepared: the outcome says nobody received one and where the
 * links to hand over are.
 */
function InvitationProgress({
  batch,
  sendsMail,
}: {
  batch: InvitationBatch;
  sendsMail: boolean | undefined;
}) {
  const { t } = useTranslation();
  const canReadMessages = useCan('messages.read');
  const texts = textsOf(sendsMail);
  const finished = batch.pending === 0;
  const handled = batch.done + batch.failed;
  const percent = batch.total === 0 ? 100 : Math.floor((handled / batch.total) * 100);
  return (
    <div
      role="status"
      className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900"
    >
      <p className="font-medium">
        {t(finished ? `${texts}.finished` : `${texts}.progress`, {
          // Once finished, what was delivered; the rest is said as not delivered below.
          done: numberFormat.format(finished ? batch.done : handled),
          total: numberFormat.format(batch.total),
        })}
      </p>
      <div
        role="progressbar"
        aria-label={t('invitations.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-2 h-2 overflow-hidden rounded-full bg-sky-100"
      >
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${percent}%` }} />
      </div>
      {sendsMail === false && (
        <p className="mt-2">
          {canReadMessages ? (
            <>
              {t('invitations.noMail.handOver')}{' '}
              <Link
                to={paths.messages.href()}
                className="font-medium text-brand-800 underline underline-offset-2"
              >
                {t('invitations.noMail.openMessages')}
              </Link>
            </>
          ) : (
            t('invitations.noMail.handOverAskAdministrator')
          )}
        </p>
      )}
      {batch.failed > 0 && (
        <p className="mt-2 text-red-800">
          {t('invitations.failed', {
            count: batch.failed,
            failed: numberFormat.format(batch.failed),
          })}
        </p>
      )}
    </div>
  );
}

/**
 * Under the associates list's title: the progress of the club's bulk invitation while it is sent
 * in the background, then its outcome, when the sending was seen from this screen.
 */
export function InvitationProgressBanner({ companyId }: { companyId: string }) {
  const summary = useInvitationSummary(companyId);
  const sendsMail = useMailDelivery().data?.sendsMail;
  const batch = summary.data?.latestBatch ?? null;
  const isSending = (batch?.pending ?? 0) > 0;
  // The outcome stays on screen once the sending was seen here, not on every later visit.
  const hasSeenSending = useHasBeenTrue(isSending);
  if (!batch || !(isSending || hasSeenSending)) return null;
  return <InvitationProgress batch={batch} sendsMail={sendsMail} />;
}

/**
 * "Convidar para o portal" on the associates list: asks to confirm with the number of members it
 * will reach (an e-mail, no portal password, not invited today) and starts the sending, which
 * goes on in the background (InvitationProgressBanner shows it). A server without a mail server
 * says so before anything starts: the invitations are prepared for Mensagens, never sent.
 */
export function InviteAllButton({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const summary = useInvitationSummary(companyId);
  const inviteAll = useInviteAllAssociates(companyId);
  const [isConfirming, setIsConfirming] = useState(false);
  const texts = textsOf(useMailDelivery().data?.sendsMail);
  const isSending = (summary.data?.latestBatch?.pending ?? 0) > 0;
  const eligible = summary.data?.eligible ?? 0;
  const counted = { count: eligible, eligible: numberFormat.format(eligible) };

  const send = async () => {
    try {
      await inviteAll.mutateAsync();
      setIsConfirming(false);
      toast.success(t(`${texts}.started`));
    } catch (error) {
      toast.error(errorMessageOf(error, t('invitations.error')));
    }
  };

  return (
    <>
      <Button
        variant="secondary"
        disabled={!summary.data || eligible === 0 || isSending}
        title={summary.data && eligible === 0 ? t('invitations.nobody') : undefined}
        onClick={() => setIsConfirming(true)}
      >
        {t('invitations.open')}
      </Button>
      <Dialog
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
        title={t('invitations.title')}
        closeLabel={t('invitations.cancel')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setIsConfirming(false)}>
              {t('invitations.cancel')}
            </Button>
            <Button isLoading={inviteAll.isPending} onClick={() => void send()}>
              {t(`${texts}.confirm`, counted)}
            </Button>
          </>
        }
      >
        <p className="text-slate-700">{t(`${texts}.question`, counted)}</p>
        <p className="mt-3 text-sm text-slate-600">{t(`${texts}.explanation`)}</p>
      </Dialog>
    </>
  );
}
