import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonStyles } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/spinner';
import { useMe } from '../api/me';
import { BookingCard } from '../components/booking-card';
import { OfferBanner } from '../components/offer-banner';
import { LoadFailure } from '../components/query-state';
import { formatDate } from '@/lib/dates';
import { formatMonthName } from '../lib/format';
import { portalPaths } from '../paths';

const sectionTitle = 'text-lg font-semibold text-slate-900';

/** Início: blocks first (they explain why booking fails), then next bookings, quotas, the title. */
export function HomePage() {
  const { t } = useTranslation();
  const me = useMe();
  if (me.isPending) return <LoadingState label={t('portal.loading')} />;
  if (me.isError) return <LoadFailure onRetry={() => void me.refetch()} />;
  const { member, title, club, quotas, nextBookings } = me.data;

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {t('portal.home.greeting', { name: member.name.split(' ')[0] ?? member.name })}
        </h1>
        <p className="mt-1 text-slate-600">
          {t('portal.home.titleLabel', { title: title.name, card: member.cardId })}
        </p>
      </div>

      <OfferBanner />

      {(member.blocked || title.blocked) && (
        <Alert tone="error">
          {member.blocked && <p className="font-semibold">{t('portal.home.memberBlocked')}</p>}
          {member.blocked && member.blockedReason && (
            <p>{t('portal.home.blockedReason', { reason: member.blockedReason })}</p>
          )}
          {title.blocked && <p className="font-semibold">{t('portal.home.titleBlocked')}</p>}
          {title.blocked && title.blockedReason && (
            <p>{t('portal.home.blockedReason', { reason: title.blockedReason })}</p>
          )}
          <p className="mt-2">{t('portal.home.blockedHelp')}</p>
        </Alert>
      )}
      {title.suspendedUntil && !member.blocked && !title.blocked && (
        <Alert tone="error">
          <p className="font-semibold">
            {t('portal.home.titleSuspended', {
              date: formatDate(title.suspendedUntil, club.timezone),
            })}
          </p>
          <p className="mt-2">{t('portal.home.suspensionHelp')}</p>
        </Alert>
      )}

      <section aria-labelledby="next-bookings">
        <h2 id="next-bookings" className={sectionTitle}>
          {t('portal.home.nextBookings')}
        </h2>
        {nextBookings.length === 0 ? (
          <p className="mt-3 text-slate-600">{t('portal.home.noNextBookings')}</p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {nextBookings.map((booking) => (
              <li key={booking.id}>
                <BookingCard booking={booking} timezone={club.timezone} memberId={member.id} />
              </li>
            ))}
          </ul>
        )}
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to={portalPaths.places.href()} className={buttonStyles({ size: 'lg' })}>
            {t('portal.home.bookNow')}
          </Link>
          {nextBookings.length > 0 && (
            <Link
              to={portalPaths.bookings.href()}
              className={buttonStyles({ variant: 'secondary', size: 'lg' })}
            >
              {t('portal.home.seeAllBookings')}
            </Link>
          )}
        </div>
      </section>

      <section aria-labelledby="quotas">
        <h2 id="quotas" className={sectionTitle}>
          {t('portal.home.quotas')}
        </h2>
        {quotas.length === 0 ? (
          <p className="mt-3 text-slate-600">{t('portal.home.noQuotas')}</p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {quotas.map((quota) => {
              const month = formatMonthName(quota.month);
              const ratio = Math.min(1, quota.used / quota.limit);
              // Only a club's exception takes a title past its limit.
              const isOver = quota.used > quota.limit;
              return (
                <li
                  key={quota.placeId}
                  className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                >
                  <p className="font-semibold text-slate-900">{quota.placeName}</p>
                  <p className="mt-1 text-sm text-slate-700">
                    {t(isOver ? 'portal.home.quotaOver' : 'portal.home.quotaUsed', {
                      used: quota.used,
                      count: quota.limit,
                      month,
                    })}
                  </p>
                  <div
                    role="meter"
                    aria-valuemin={0}
                    aria-valuemax={quota.limit}
                    aria-valuenow={quota.used}
                    aria-label={t(
                      isOver ? 'portal.home.quotaOverLabel' : 'portal.home.quotaUsedLabel',
                      {
                        place: quota.placeName,
                        used: quota.used,
                        count: quota.limit,
                        month,
                      },
                    )}
                    className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
                  >
                    <div
                      className={ratio >= 1 ? 'h-full bg-red-700' : 'h-full bg-brand-700'}
                      style={{ width: `${ratio * 100}%` }}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="members">
        <h2 id="members" className={sectionTitle}>
          {t('portal.home.members')}
        </h2>
        <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
          {title.members.map((person) => (
            <li key={person.id} className="flex items-center justify-between gap-3 px-4 py-3">
              <span className="text-slate-900">
                {person.name}
                {person.id === member.id && (
                  <span className="text-slate-600"> ({t('portal.home.you')})</span>
                )}
              </span>
              <span className="text-sm text-slate-600">
                {person.isHolder ? t('portal.home.holder') : t('portal.home.dependant')} ·{' '}
                {person.cardId}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
