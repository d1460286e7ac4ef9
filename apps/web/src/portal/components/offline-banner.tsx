import { useTranslation } from 'react-i18next';
import { useIsOnline } from '../lib/use-is-online';

/**
 * "Sem conexão" on top of every portal screen while the device has no network (the installed app
 * opened offline shows its shell and this); it goes away by itself when the network is back.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useIsOnline();
  return (
    <div role="status" aria-live="polite">
      {!online && (
        <p className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-950">
          <strong>{t('portal.offline.title')}</strong> {t('portal.offline.body')}
        </p>
      )}
    </div>
  );
}
