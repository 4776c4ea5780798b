import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BlueprintProvider, FocusStyleManager } from '@blueprintjs/core';
import { ApiError } from './core/api/client';
import { SessionProvider } from './core/auth/SessionProvider';
import { I18nProvider } from './core/i18n/I18nProvider';
import { LanguageSync } from './core/i18n/languageSync';
import { ThemeProvider } from './core/theme/ThemeProvider';
import { createAppRouter } from './core/router/router';

FocusStyleManager.onlyShowFocusOnTabs();

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx answer will not change by asking again.
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <BlueprintProvider>
        <ThemeProvider>
          <I18nProvider>
            <SessionProvider>
              <LanguageSync />
              <RouterProvider router={router} />
            </SessionProvider>
          </I18nProvider>
        </ThemeProvider>
      </BlueprintProvider>
    </QueryClientProvider>
  );
}
