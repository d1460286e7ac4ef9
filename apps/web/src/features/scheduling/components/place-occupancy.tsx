import { useTranslation } from 'react-i18next';
import { useOccupancy } from '../api/get-occupancy';

/**
 * Today's occupancy of one place, for the dashboard's place card. All cards share one request
 * (same query key), so a grid of N places costs one call.
 */
export function PlaceOccupancy({ companyId, placeId }: { companyId: string; placeId: string }) {
  const { t } = useTranslation();
  const { data } = useOccupancy(companyId);
  const item = data?.items.find((entry) => entry.placeId === placeId);
  if (!item) return null;
  if (item.total === 0)
    return <span className="text-xs text-slate-500">{t('scheduling.occupancy.closed')}</span>;
  const percent = Math.round((item.booked / item.total) * 100);
  return (
    <span className="flex items-center gap-2 text-xs text-slate-600">
      <span
        role="meter"
        aria-valuemin={0}
        aria-valuemax={item.total}
        aria-valuenow={item.booked}
        aria-label={t('scheduling.occupancy.label', { booked: item.booked, total: item.total })}
        className="h-1.5 w-16 overflow-hidden rounded-full bg-slate-200"
      >
        <span className="block h-full bg-brand-700" style={{ width: `${percent}%` }} />
      </span>
      {item.booked}/{item.total}
    </span>
  );
}
