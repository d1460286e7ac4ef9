import type { PlaceListItem } from '@clube/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** A card of the place grid: cover thumbnail (or a placeholder) and name; opens the place. */
export function PlaceCard({ place, extra }: { place: PlaceListItem; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.place.href(place.id)}
      className="group block overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <div className="aspect-[3/2] bg-slate-100">
        {place.coverImageUrl ? (
          <img
            src={place.coverImageUrl}
            alt=""
            loading="lazy"
            className="size-full object-cover transition group-hover:scale-[1.02]"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-sm text-slate-600">
            {t('places.list.noPhoto')}
          </div>
        )}
      </div>
      <div className="px-4 py-3">
        <p className="font-semibold text-slate-900">{place.name}</p>
        <p className="text-sm text-slate-600">{place.category.name}</p>
        {extra && <div className="mt-2">{extra}</div>}
      </div>
    </Link>
  );
}
