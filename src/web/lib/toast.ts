// Toasts without sonner in the page load: sonner (and its Toaster) is fetched on
// the first toast, which always follows an interaction or a request. Same calls
// as sonner's `toast.success(message, data)`…; <ToastSlot> mounts the Toaster
// once sonner is here, and sonner replays toasts created before it subscribed.
import type { ComponentType } from 'react';
import type { ToasterProps, toast as sonnerToast } from 'sonner';

type Kind = 'success' | 'error' | 'warning' | 'info';
type Show = (...args: Parameters<typeof sonnerToast.success>) => void;

let loading: Promise<typeof sonnerToast> | undefined;
let toaster: ComponentType<ToasterProps> | null = null;
const listeners = new Set<() => void>();

function load(): Promise<typeof sonnerToast> {
  loading ??= import('sonner').then((m) => {
    toaster = m.Toaster;
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
};

/** For <ToastSlot>: the Toaster component once loaded (null before the first toast). */
export const toasterStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => toaster,
};
