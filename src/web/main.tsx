import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ToastSlot } from './components/ToastSlot';
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
      <ToastSlot />
    </QueryClientProvider>
  </StrictMode>,
);

// The installable app (src/web/pwa/): the service worker after first paint.
addEventListener('load', () => bootPwa(queryClient, import.meta.env.PROD));
