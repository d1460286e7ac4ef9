import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';
import { paths } from '@/config/paths';
import { useOperatingHours } from '@/lib/api/get-operating-hours';
import { useOccupancy } from '../api/get-occupancy';

// One line of fixed height in every state: the cards of the grid keep their size when the
// occupancy arrives (it comes after the places), instead of growing under the reader.
// The sentence sits above a full-width bar: beside it, it would not fit a narrow card.
const lineStyles = 'flex h-8 flex-col justify-center gap-1.5 text-xs';

/**
 * Today's occupancy of one place, for the dashboard's place card. All cards share one request
 * (same query key), so a grid of N places costs one call.
 */
export function PlaceOccupancy({ companyId, placeId }: { companyId: string; placeId: string }) {
  const { t } = useTranslation();
  const labelId = useId();
  const { data, isPending } = useOccupancy(companyId);
  if (isPending) {
    return (
      <span className={lineStyles} aria-busy="true" aria-label={t('common.loading')}>
        <span className="h-3 w-40 max-w-full animate-pulse rounded bg-slate-200" />
        <span className="h-1.5 w-full animate-pulse rounded-full bg-slate-200" />
      </span>
    );
  }
  const item = data?.items.find((entry) => entry.placeId === placeId);
  if (!item) return <span className={lineStyles} aria-hidden="true" />;
  if (item.total === 0) return <ClosedToday companyId={companyId} />;
  const percent = Math.round((item.booked / item.total) * 100);
  return (
    <span className={cn(lineStyles, 'text-slate-600')}>
      <span id={labelId} className="truncate">
        {t('scheduling.occupancy.label', { booked: item.booked, total: item.total })}
      </span>
      <span
        role="meter"
        aria-valuemin={0}
        aria-valuemax={item.total}
        aria-valuenow={item.booked}
        aria-labelledby={labelId}
        className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <span className="block h-full bg-brand-700" style={{ width: `${percent}%` }} />
      </span>
    </span>
  );
}

/**
 * No time to book today: closed today, or, in a club that has set no operating hours at all
 * (a new club), the way to set them — every place stays closed until then.
 */
function ClosedToday({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const hours = useOperatingHours(companyId);
  if (hours.isSuccess && hours.data.length === 0) {
    return (
      <span className={lineStyles}>
        <Link
          to={paths.operatingHours.href()}
          className="font-medium text-amber-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {t('scheduling.occupancy.noHours')}
        </Link>
      </span>
    );
  }
  return (
    <span className={cn(lineStyles, 'text-slate-500')}>{t('scheduling.occupancy.closed')}</span>
  );
}
