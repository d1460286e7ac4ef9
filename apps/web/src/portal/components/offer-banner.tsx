import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { useWaitlists } from '../api/waitlists';
import { portalPaths } from '../paths';

/**
 * Início's banner while a slot of the member's lines is held for them; otherwise a link to their
 * lines when they are in any.
 */
export function OfferBanner() {
  const { t } = useTranslation();
  const waitlists = useWaitlists();
  const offers = waitlists.data?.items.filter((entry) => entry.status === 'OFFERED') ?? [];
  const count = waitlists.data?.items.length ?? 0;
  if (offers.length === 0) {
    return count === 0 ? null : (
      <Link
        to={portalPaths.waitlists.href()}
        className="inline-block font-medium text-brand-700 underline"
      >
        {t('portal.waitlist.seeAll')} ({count})
      </Link>
    );
  }
  return (
    <section
      role="status"
      className="flex flex-col gap-3 rounded-xl border-2 border-brand-700 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="font-semibold text-brand-900">
        {t('portal.waitlist.bannerTitle', { count: offers.length })}
      </p>
      <Link to={portalPaths.waitlists.href()} className={buttonStyles()}>
        {t('portal.waitlist.bannerAction')}
      </Link>
    </section>
  );
}
