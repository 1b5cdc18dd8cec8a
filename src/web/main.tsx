import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { bootPwa } from './pwa/boot';
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

// The installable app (src/web/pwa/): the service worker after first paint.
addEventListener('load', () => bootPwa(queryClient, import.meta.env.PROD));
