import { clubDateOf, clubTimeOf, dateLabel, seriesWeekdayLabels, type Series } from '@clube/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useCurrentCompany } from '@/lib/current-company';
import { errorMessageOf } from '@/lib/errors';
import { useCan } from '@/lib/permissions';
import { useCancelSeries, useSeriesList } from '../api/series';

type Cancelling = { scope: 'one' | 'following' | 'all'; appointmentId?: string };

/** A series' weekdays and dates, as the "when" line interpolates them. */
export function seriesWhenValues(series: Series) {
  return {
    days: series.weekdays
      .map((day) => seriesWeekdayLabels[day as keyof typeof seriesWeekdayLabels])
      .join(', '),
    time: series.startTime,
    from: dateLabel(series.startsOn),
    to: dateLabel(series.endsOn),
  };
}

/** The club's series (or one member's: theirs and the activities they answer for), each with its dates and its cancellations. */
export function SeriesList({ associateId }: { associateId?: string }) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const list = useSeriesList(company.id, associateId);
  if (!list.data) return null;
  const title = associateId ? t('series.list.titleOfMember') : t('series.list.title');
  return (
    <section className="space-y-3" aria-label={title}>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {list.data.length === 0 && (
        <p className="text-sm text-slate-600">
          {associateId ? t('series.list.emptyOfMember') : t('series.list.empty')}
        </p>
      )}
      {list.data.map((series) => (
        <SeriesCard key={series.id} series={series} timezone={company.timezone} />
      ))}
    </section>
  );
}

function SeriesCard({ series, timezone }: { series: Series; timezone: string }) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const canWrite = useCan('bookings.write');
  const cancel = useCancelSeries(company.id);
  const [isOpen, setIsOpen] = useState(false);
  const [cancelling, setCancelling] = useState<Cancelling | null>(null);
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const scheduled = series.bookings.filter((booking) => booking.status === 'SCHEDULED');
  const now = Date.now();

  async function confirm() {
    if (!cancelling) return;
    try {
      const done = await cancel.mutateAsync({ id: series.id, ...cancelling, reason });
      setNotice({ tone: 'info', text: t('series.list.done', { count: done.cancelled }) });
      setCancelling(null);
      setReason('');
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessageOf(error, t('series.failed')) });
    }
  }

  return (
    <Card className="space-y-3 p-4" data-series={series.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-slate-900">
            {series.activityName ?? series.associate.name} · {series.placeName}
          </p>
          <p className="text-sm text-slate-600">
            {t('series.list.when', seriesWhenValues(series))}
            {series.activityName ? ` · ${series.associate.name}` : ''}
          </p>
          <p className="text-sm text-slate-600">
            {series.cancelledAt
              ? t('series.list.cancelled')
              : t('series.list.scheduled', { count: scheduled.length })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="ghost" onClick={() => setIsOpen(!isOpen)}>
            {isOpen ? t('series.list.hideDates') : t('series.list.showDates')}
          </Button>
          {canWrite && !series.cancelledAt && scheduled.length > 0 && (
            <Button size="sm" variant="danger" onClick={() => setCancelling({ scope: 'all' })}>
              {t('series.list.cancelAll')}
            </Button>
          )}
        </div>
      </div>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {cancelling && (
        <div className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-3">
          <Input
            label={t('series.list.reason')}
            value={reason}
            maxLength={200}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="danger"
              onClick={() => void confirm()}
              disabled={cancel.isPending}
            >
              {t('series.list.confirm')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setCancelling(null)}>
              {t('common.close')}
            </Button>
          </div>
        </div>
      )}
      {isOpen && (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {series.bookings.map((booking) => {
            const isDue = booking.status === 'SCHEDULED' && Date.parse(booking.startsAt) > now;
            return (
              <li
                key={booking.id}
                data-booking={booking.id}
                className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
              >
                <span>
                  {dateLabel(clubDateOf(new Date(booking.startsAt), timezone))} ·{' '}
                  {clubTimeOf(new Date(booking.startsAt), timezone)} ·{' '}
                  {t(`series.status.${booking.status}`)}
                </span>
                {canWrite && isDue && (
                  <span className="flex gap-2">
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setCancelling({ scope: 'one', appointmentId: booking.id })}
                    >
                      {t('series.list.cancelOne')}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() =>
                        setCancelling({ scope: 'following', appointmentId: booking.id })
                      }
                    >
                      {t('series.list.cancelFollowing')}
                    </Button>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
