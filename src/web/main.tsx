import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { router } from './router';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* The spec's toast defaults: 4000 ms, at most 3 visible. */}
      <Toaster duration={4000} visibleToasts={3} richColors closeButton position="bottom-right" />
    </QueryClientProvider>
  </StrictMode>,
);

// The installable app (service worker, offline banner, queued calls), after first paint.
addEventListener('load', () => {
  void import('./pwa/start').then((pwa) => pwa.startPwa(queryClient, import.meta.env.PROD));
});
