import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** A failed load: what happened and a way to try again. */
export function LoadFailure({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert tone="error">
      <p>{t('portal.loadError')}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        {t('portal.retry')}
      </Button>
    </Alert>
  );
}
