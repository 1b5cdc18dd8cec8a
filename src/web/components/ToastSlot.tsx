import { useSyncExternalStore } from 'react';
import { toasterStore } from '../lib/toast';

/** Where the Toaster goes; empty until the first toast (see lib/toast.ts). */
export function ToastSlot() {
  const Toaster = useSyncExternalStore(toasterStore.subscribe, toasterStore.get);
  if (!Toaster) return null;
  // The spec's toast defaults: 4000 ms, at most 3 visible.
  return (
    <Toaster duration={4000} visibleToasts={3} richColors closeButton position="bottom-right" />
  );
}
