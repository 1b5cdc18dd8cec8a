import { Toaster } from 'sonner';

/** The spec's toast defaults: 4000 ms, at most 3 visible. Loaded by <ToastSlot>. */
export function Toasts() {
  return (
    <Toaster duration={4000} visibleToasts={3} richColors closeButton position="bottom-right" />
  );
}
