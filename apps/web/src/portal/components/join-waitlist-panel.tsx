import type { PortalSlot } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookingFailureList, failuresOfRefusal } from '@/components/booking-failure-list';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/errors';
import { useJoinWaitlist } from '../api/waitlists';
import { portalPaths } from '../paths';

type JoinWaitlistPanelProps = { placeId: string; slot: PortalSlot; onClose: () => void };

/** A taken slot tapped: what the line does, the button to join it, then the position. */
export function JoinWaitlistPanel({ placeId, slot, onClose }: JoinWaitlistPanelProps) {
  const { t } = useTranslation();
  const join = useJoinWaitlist();
  const failures = failuresOfRefusal(join.error);
  return (
    <section
      aria-labelledby="join-waitlist"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="join-waitlist" className="font-semibold text-slate-900">
        {t('portal.waitlist.joinTitle', { time: slot.time })}
      </h2>
      {join.isSuccess ? (
        <Alert>
          <p>{t('portal.waitlist.joined', { position: join.data.position })}</p>
          <Link to={portalPaths.waitlists.href()} className="font-semibold underline">
            {t('portal.waitlist.seeAll')}
          </Link>
        </Alert>
      ) : (
        <p className="text-slate-700">{t('portal.waitlist.joinHelp')}</p>
      )}
      {join.isError &&
        (failures.length > 0 ? (
          <BookingFailureList
            failures={failures}
            title={t('portal.waitlist.failed')}
            realm="portal"
          />
        ) : (
          <Alert tone="error">{errorMessageOf(join.error, t('portal.waitlist.failed'))}</Alert>
        ))}
      <div className="flex flex-wrap gap-2">
        {!join.isSuccess && (
          <Button
            disabled={join.isPending}
            onClick={() => join.mutate({ placeId, startsAt: slot.startsAt })}
          >
            {join.isPending ? t('portal.waitlist.joining') : t('portal.waitlist.join')}
          </Button>
        )}
        <Button variant="secondary" onClick={onClose}>
          {t('portal.waitlist.cancel')}
        </Button>
      </div>
    </section>
  );
}
