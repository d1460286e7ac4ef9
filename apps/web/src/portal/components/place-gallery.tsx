import type { PortalPlace } from '@clube/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';

const arrowStyles =
  'absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * Every photo of a place: the chosen one large, ‹ › and the thumbnails to change it (the photos
 * after the first load only when shown). Nothing when the place has no photo.
 */
export function PlaceGallery({ place }: { place: PortalPlace }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const photos = place.images;
  if (photos.length === 0) return null;
  const current = photos[Math.min(index, photos.length - 1)]!;
  const total = photos.length;
  const altOf = (photo: (typeof photos)[number]) =>
    photo.description ?? t('portal.places.photoAlt', { name: place.name });
  const go = (step: number) => setIndex((index + step + total) % total);

  return (
    <section
      aria-label={t('portal.places.gallery.label', { name: place.name })}
      className="max-w-3xl"
    >
      <figure className="relative overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
        <img
          src={current.imageUrl}
          alt={altOf(current)}
          width={current.width}
          height={current.height}
          className="aspect-[3/2] w-full object-cover"
        />
        {total > 1 && (
          <>
            <button
              type="button"
              onClick={() => go(-1)}
              aria-label={t('portal.places.gallery.previous')}
              className={cn(arrowStyles, 'left-2')}
            >
              <ChevronLeftIcon className="size-6" />
            </button>
            <button
              type="button"
              onClick={() => go(1)}
              aria-label={t('portal.places.gallery.next')}
              className={cn(arrowStyles, 'right-2')}
            >
              <ChevronRightIcon className="size-6" />
            </button>
            <figcaption
              aria-live="polite"
              className="absolute bottom-2 left-2 rounded-full bg-slate-900/75 px-3 py-1 text-sm text-white"
            >
              {t('portal.places.gallery.position', { current: index + 1, total })}
            </figcaption>
          </>
        )}
      </figure>
      {total > 1 && (
        <ul className="mt-2 flex gap-2 overflow-x-auto pb-1">
          {photos.map((photo, position) => (
            <li key={photo.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(position)}
                aria-pressed={position === index}
                aria-label={t('portal.places.gallery.show', { current: position + 1, total })}
                className={cn(
                  'block overflow-hidden rounded-lg border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
                  position === index ? 'border-brand-700' : 'border-transparent opacity-80',
                )}
              >
                <img
                  src={photo.thumbnailUrl}
                  alt=""
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  className="aspect-[3/2] h-16 w-auto object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
