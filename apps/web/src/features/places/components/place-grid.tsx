import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/spinner';
import { usePlaces } from '../api/get-places';
import { PlaceCard } from './place-card';

type PlaceGridProps = {
  companyId: string;
  /** Something the page adds under each card's name (the day's occupancy on the dashboard). */
  renderCardExtra?: (placeId: string) => ReactNode;
};

/** The club's places as cards, each opening its place. */
export function PlaceGrid({ companyId, renderCardExtra }: PlaceGridProps) {
  const { t } = useTranslation();
  const places = usePlaces(companyId);
  if (places.isPending) return <LoadingState label={t('places.list.loading')} />;
  if (places.isError) {
    return (
      <Alert tone="error">
        <p>{t('places.list.error')}</p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          onClick={() => void places.refetch()}
        >
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  if (places.data.length === 0) {
    return <Card className="p-6 text-slate-600">{t('places.list.empty')}</Card>;
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {places.data.map((place) => (
        <li key={place.id}>
          <PlaceCard place={place} extra={renderCardExtra?.(place.id)} />
        </li>
      ))}
    </ul>
  );
}
