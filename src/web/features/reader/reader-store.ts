// Which story the in-app reader shows (the `o` shortcut): a small store, so the
// key handler (keyboard.ts) can open a story and ReaderSlot render the reader,
// whose code loads on first use.
let openId: string | null = null;
const listeners = new Set<() => void>();

function set(id: string | null) {
  openId = id;
  for (const listener of listeners) listener();
}

export const readerStory = {
  get: () => openId,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  open: (id: string) => set(id),
  close: () => set(null),
};
