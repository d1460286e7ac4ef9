import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { queryClient as defaultQueryClient } from '@/lib/query-client';

// Not needed to paint the first page: react-toastify arrives in its own chunk right after.
const ToastContainer = lazy(() =>
  import('react-toastify').then((module) => ({ default: module.ToastContainer })),
);

type AppProviderProps = { children: ReactNode; queryClient?: QueryClient };

/** Everything a page needs around it: data cache, translations and toasts (docs/domain.md). */
export function AppProvider({ children, queryClient = defaultQueryClient }: AppProviderProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Suspense fallback={null}>
          <ToastContainer
            position="top-right"
            autoClose={5000}
            pauseOnHover
            closeButton
            draggable
            closeOnClick={false}
            newestOnTop
            theme="light"
          />
        </Suspense>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
