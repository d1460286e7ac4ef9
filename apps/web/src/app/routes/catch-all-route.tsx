import { useIsAuthenticated } from '@/lib/session';
import { LazyAppLayout } from '../layout/lazy-app-layout';
import { NotFoundPage } from './not-found-page';

/** The not-found page is wrapped in the layout when the user is signed in (docs/domain.md). */
export function CatchAllRoute() {
  const isAuthenticated = useIsAuthenticated();
  if (!isAuthenticated) {
    return (
      <main className="flex min-h-dvh items-center justify-center bg-slate-50">
        <NotFoundPage />
      </main>
    );
  }
  return (
    <LazyAppLayout>
      <NotFoundPage />
    </LazyAppLayout>
  );
}
