import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { CloseButtonProps } from 'react-toastify';
import { i18n } from '@/lib/i18n';
import { queryClient as defaultQueryClient } from '@/lib/query-client';

// Not needed to paint the first page: react-toastify arrives in its own chunk right after.
const ToastContainer = lazy(() =>
  import('react-toastify').then((module) => ({ default: module.ToastContainer })),
);

/**
 * react-toastify's own close button is labelled "close" and takes no label from the container;
 * this one has its look (same classes and cross) and a Portuguese name.
 */
function ToastCloseButton({ closeToast, theme }: CloseButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={t('common.close')}
      onClick={(event) => {
        // As the library's button: closing must not also count as a click on the toast.
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

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
            closeButton={ToastCloseButton}
            aria-label={i18n.t('common.notifications')}
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
