import type { PortalPlace } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/spinner';
import { usePlaces } from '../api/places';
import { PlaceRules } from '../components/place-rules';
import { LoadFailure } from '../components/query-state';
import { portalPaths } from '../paths';

/** The places in the order the API gives (category, then name), grouped by category. */
function groupByCategory(places: PortalPlace[]) {
  const groups = new Map<string, { name: string; places: PortalPlace[] }>();
  for (const place of places) {
    const group = groups.get(place.category.id) ?? { name: place.category.name, places: [] };
    group.places.push(place);
    groups.set(place.category.id, group);
  }
  return [...groups.entries()].map(([id, group]) => ({ id, ...group }));
}

function PlaceCard({ place }: { place: PortalPlace }) {
  const { t } = useTranslation();
  const photo = place.images[0];
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {/* No stand-in for a missing photo: on a phone it would only push the rules down. */}
      {photo ? (
        <img
          src={photo.thumbnailUrl}
          alt={photo.description ?? t('portal.places.photoAlt', { name: place.name })}
          width={photo.width}
          height={photo.height}
          loading="lazy"
          className="aspect-[16/9] w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-4">
        <h3 className="text-lg font-semibold text-slate-900">{place.name}</h3>
        {place.description && <p className="mt-1 text-sm text-slate-700">{place.description}</p>}
        <h4 className="mt-3 text-sm font-semibold text-slate-900">
          {t('portal.places.rulesTitle')}
        </h4>
        <div className="mt-1 flex-1">
          <PlaceRules place={place} />
        </div>
        <Link
          to={portalPaths.place.href(place.id)}
          aria-label={`${t('portal.places.seeTimes')}: ${place.name}`}
          className={buttonStyles({ size: 'lg', className: 'mt-4 w-full' })}
        >
          {t('portal.places.seeTimes')}
        </Link>
      </div>
    </article>
  );
}

/** Espaços: every bookable place of the club with its photo and rules. */
export function PlacesPage() {
  const { t } = useTranslation();
  const places = usePlaces();
  if (places.isPending) return <LoadingState label={t('portal.loading')} />;
  if (places.isError) return <LoadFailure onRetry={() => void places.refetch()} />;
  const groups = groupByCategory(places.data.items);

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {t('portal.places.title')}
        </h1>
        <p className="mt-1 text-slate-600">{t('portal.places.subtitle')}</p>
      </div>
      {groups.length === 0 && <p className="text-slate-600">{t('portal.places.empty')}</p>}
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`category-${group.id}`}>
          <h2 id={`category-${group.id}`} className="text-lg font-semibold text-slate-900">
            {group.name}
          </h2>
          <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {group.places.map((place) => (
              <li key={place.id}>
                <PlaceCard place={place} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
