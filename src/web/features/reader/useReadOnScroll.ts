// The 'when scrolled past' read policy (issue 25): a row of stories that leaves
// the screen through its top edge is read. Returns the ref callback for rows.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { NewsItem } from '../../../shared/types';
import { useReaderPrefs } from './prefs';
import { act, isRead } from './state';

export function useReadOnScroll(items: NewsItem[]) {
  const qc = useQueryClient();
  const { markRead: policy } = useReaderPrefs();
  const unread = useRef(new Set<string>());
  unread.current = new Set(items.filter((i) => !isRead(i)).map((i) => i.id));
  const observer = useMemo(() => {
    if (policy !== 'scrolled' || typeof IntersectionObserver === 'undefined') return null;
    return new IntersectionObserver((entries) => {
      const ids: string[] = [];
      for (const e of entries) {
        const rect = e.boundingClientRect;
        // A detached row measures 0 high: it was unmounted, not scrolled past.
        if (e.isIntersecting || rect.height === 0 || rect.bottom > (e.rootBounds?.top ?? 0))
          continue;
        for (const el of e.target.querySelectorAll<HTMLElement>('[data-item-id]')) {
          const id = el.dataset.itemId;
          if (id && unread.current.delete(id)) ids.push(id);
        }
      }
      if (ids.length > 0) act(qc, 'markRead', ids, true);
    });
  }, [policy, qc, unread]);
  useEffect(() => () => observer?.disconnect(), [observer]);
  return useCallback((el: HTMLElement | null) => el && observer?.observe(el), [observer]);
}
