import type { InvitationBatch } from '@clube/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessageOf } from '@/lib/errors';
import { useHasBeenTrue } from '@/lib/use-has-been-true';
import { useInvitationSummary, useInviteAllAssociates } from '../api/invitations';

const numberFormat = new Intl.NumberFormat('pt-BR');

/** The bulk invitation's progress while the sender works it, then its outcome. */
function InvitationProgress({ batch }: { batch: InvitationBatch }) {
  const { t } = useTranslation();
  const finished = batch.pending === 0;
  const handled = batch.done + batch.failed;
  const percent = batch.total === 0 ? 100 : Math.floor((handled / batch.total) * 100);
  return (
    <div
      role="status"
      className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900"
    >
      <p className="font-medium">
        {t(finished ? 'invitations.finished' : 'invitations.progress', {
          done: numberFormat.format(handled),
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
  const batch = summary.data?.latestBatch ?? null;
  const isSending = (batch?.pending ?? 0) > 0;
  // The outcome stays on screen once the sending was seen here, not on every later visit.
  const hasSeenSending = useHasBeenTrue(isSending);
  if (!batch || !(isSending || hasSeenSending)) return null;
  return <InvitationProgress batch={batch} />;
}

/**
 * "Convidar para o portal" on the associates list: asks to confirm with the number of members it
 * will reach (an e-mail, no portal password, not invited today) and starts the sending, which
 * goes on in the background (InvitationProgressBanner shows it).
 */
export function InviteAllButton({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const summary = useInvitationSummary(companyId);
  const inviteAll = useInviteAllAssociates(companyId);
  const [isConfirming, setIsConfirming] = useState(false);
  const isSending = (summary.data?.latestBatch?.pending ?? 0) > 0;
  const eligible = summary.data?.eligible ?? 0;
  const counted = { count: eligible, eligible: numberFormat.format(eligible) };

  const send = async () => {
    try {
      await inviteAll.mutateAsync();
      setIsConfirming(false);
      toast.success(t('invitations.started'));
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
              {t('invitations.confirm', counted)}
            </Button>
          </>
        }
      >
        <p className="text-slate-700">{t('invitations.question', counted)}</p>
        <p className="mt-3 text-sm text-slate-600">{t('invitations.explanation')}</p>
      </Dialog>
    </>
  );
}
