import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastsWanted } from '../lib/toast';

const Toasts = lazy(() => import('./Toasts').then((m) => ({ default: m.Toasts })));

/** Where the toasts show; empty, and sonner not loaded, until the first toast (lib/toast.ts). */
export function ToastSlot() {
  const wanted = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
