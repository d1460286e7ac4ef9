import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ToastContainer } from 'react-toastify';
import { i18n } from '@/lib/i18n';
import { queryClient as defaultQueryClient } from '@/lib/query-client';

type AppProviderProps = { children: ReactNode; queryClient?: QueryClient };

/** Everything a page needs around it: data cache, translations and toasts (SPEC.md §9). */
export function AppProvider({ children, queryClient = defaultQueryClient }: AppProviderProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
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
      </QueryClientProvider>
    </I18nextProvider>
  );
}
