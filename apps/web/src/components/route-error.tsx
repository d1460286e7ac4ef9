import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { isApiError } from '@/lib/http-client';
import { isChunkLoadError, pageReload } from '@/lib/import-or-reload';

type RouteErrorProps = {
  /** At the top of the tree there is no layout around it: it fills the screen. */
  isFullScreen?: boolean;
};

/**
 * Every route's error element, in both apps: says in Portuguese that the screen failed, names the
 * failed API request's id when there was one, and offers "Tentar de novo". A module that could not be fetched needs a fresh page load (a deploy renamed
 * it, or the network was down); any other failure renders the route again.
 */
export function RouteError({ isFullScreen = false }: RouteErrorProps) {
  const { t } = useTranslation();
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const isChunkError = isChunkLoadError(error);
  // A failed API request names itself, so the person can quote it (X-Request-Id).
  const requestId = isApiError(error) ? error.requestId : null;

  function retry() {
    if (isChunkError) {
      pageReload.reload();
      return;
    }
    // A new location resets the route's error boundary: the page renders afresh.
    void navigate(location, { replace: true });
  }

  // Inside a layout the page's own <main> is already around it.
  const Container = isFullScreen ? 'main' : 'div';
  return (
    <Container
      className={cn(
        'flex flex-col items-center justify-center px-4 py-16 text-center',
        isFullScreen && 'min-h-dvh bg-slate-50',
      )}
    >
      <h1 className="text-2xl font-bold text-slate-900">{t('common.crash.title')}</h1>
      <p className="mt-2 max-w-md text-slate-600">
        {isChunkError ? t('common.crash.chunkDescription') : t('common.crash.description')}
      </p>
      {requestId && (
        <p className="mt-2 max-w-md text-sm text-slate-500">
          {t('common.crash.requestId', { id: requestId })}
        </p>
      )}
      <Button className="mt-6" onClick={retry}>
        {t('common.crash.retry')}
      </Button>
    </Container>
  );
}
