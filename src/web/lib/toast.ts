// Toasts without sonner in the page load: sonner (and its Toaster) is fetched on
// the first toast, which always follows an interaction or a request. Same calls
// as sonner's `toast.success(message, data)`…; <ToastSlot> mounts the Toaster
// once a toast was asked for, and sonner replays toasts made before it subscribed.
import type { toast as sonnerToast } from 'sonner';

type Kind = 'success' | 'error' | 'warning' | 'info' | 'message';
type Show = (...args: Parameters<typeof sonnerToast.success>) => void;

let loading: Promise<typeof sonnerToast> | undefined;
let wanted = false;
const listeners = new Set<() => void>();

function load(): Promise<typeof sonnerToast> {
  loading ??= import('sonner').then((m) => {
    wanted = true;
    for (const listener of listeners) listener();
    return m.toast;
  });
  return loading;
}

function show(kind: Kind): Show {
  return (...args) => {
    load().then(
      (t) => void t[kind](...args),
      (err: unknown) => console.error('Failed to load toasts', err),
    );
  };
}

export const toast = {
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
  info: show('info'),
  /** A plain toast, no type icon. */
  message: show('message'),
};

/** For <ToastSlot>: whether a toast was asked for (so the Toaster is needed). */
export const toastsWanted = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => wanted,
};
