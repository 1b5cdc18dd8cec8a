// The feed's story keys (issue 25): `j`/`k` move the focus to the next or previous
// story (scrolling it into view, loading the next page when needed), `o` opens it,
// `v` opens the original, `m` toggles read, `s` saves. The focused story is
// remembered by id, so a page loaded by infinite scroll never loses the place.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { NewsItem } from '../../../shared/types';
import { openItemUrl } from '../feed/item';
import { useShortcuts } from './shortcuts';
import { isRead, isSaved, markRead, saveItem, storyOpened } from './state';

interface ListKeys {
  items: NewsItem[];
  columns: number;
  scrollToRow: (row: number) => void;
  hasMore: boolean;
  loadMore: () => void;
}

const storyEl = (id: string) =>
  document.querySelector<HTMLElement>(`[data-item-id="${CSS.escape(id)}"]`);

/** The story holding the focus, else the first one on screen. */
function focusedId(remembered: string | null): string | null {
  const active = document.activeElement;
  const own = active instanceof HTMLElement ? active.closest<HTMLElement>('[data-item-id]') : null;
  if (own?.dataset.itemId) return own.dataset.itemId;
  if (remembered) return remembered;
  for (const el of document.querySelectorAll<HTMLElement>('[data-item-id]'))
    if (el.getBoundingClientRect().bottom > 0) return el.dataset.itemId ?? null;
  return null;
}

export function useListKeys({ items, columns, scrollToRow, hasMore, loadMore }: ListKeys) {
  const qc = useQueryClient();
  const remembered = useRef<string | null>(null);
  const wantsNext = useRef(false);

  const indexOf = (id: string | null) => (id ? items.findIndex((i) => i.id === id) : -1);
  const focusAt = (index: number) => {
    const item = items[index];
    if (!item) return;
    remembered.current = item.id;
    scrollToRow(Math.floor(index / columns));
    // The virtualiser renders a far row on a later frame.
    let frames = 0;
    const attempt = () => {
      const el = storyEl(item.id);
      if (el) {
        el.focus({ preventScroll: true });
        el.scrollIntoView({ block: 'nearest' });
      } else if (frames++ < 20) requestAnimationFrame(attempt);
    };
    attempt();
  };
  const current = () => items[indexOf(focusedId(remembered.current))] as NewsItem | undefined;

  // A `j` past the last loaded story waits for the next page, then moves on.
  useEffect(() => {
    if (!wantsNext.current) return;
    const i = indexOf(remembered.current);
    if (i + 1 < items.length) {
      wantsNext.current = false;
      focusAt(i + 1);
    }
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- runs when a page arrives
  }, [items]);

  const open = () => {
    const item = current();
    if (!item) return;
    openItemUrl(item.url);
    storyOpened(qc, item);
  };
  useShortcuts({
    j: () => {
      const i = indexOf(focusedId(remembered.current));
      const onIt =
        i >= 0 &&
        (remembered.current === items[i].id || document.activeElement === storyEl(items[i].id));
      // Nothing focused yet: j starts at the first story on screen.
      const next = onIt ? i + 1 : Math.max(i, 0);
      if (next < items.length) focusAt(next);
      else if (hasMore) {
        remembered.current = items[i].id;
        wantsNext.current = true;
        loadMore();
      }
    },
    k: () => focusAt(Math.max(0, indexOf(focusedId(remembered.current)) - 1)),
    o: open,
    v: open,
    m: () => {
      const item = current();
      if (item) void markRead(qc, [item.id], !isRead(item));
    },
    s: () => {
      const item = current();
      if (item) void saveItem(qc, item.id, !isSaved(item));
    },
  });
}
