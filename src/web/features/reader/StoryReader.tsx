// The in-app reader (the `o` shortcut, issue 25): a story's stored text (its
// full content when the feed carries it, else its summary; both sanitised at
// ingestion) in a dialog, with the feed's own next and previous (j/k), Save,
// read/unread and the original a key away (v). Loaded on first use.
import { useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, ExternalLink } from 'lucide-react';
import {
  useEffect,
  useRef,
  useSyncExternalStore,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import type { NewsItem } from '../../../shared/types';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '../../components/ui/dialog';
import { formatDateTime } from '../../lib/format';
import { itemImage, openItemUrl } from '../feed/item';
import { loadedItems } from './actions';
import { readerStory } from './reader-store';
import { SaveButton } from './SaveButton';
import { act, isRead, storyOpened } from './state';

/** The feed's stories in reading order, as the page shows them (the same order `j`/`k` walk). */
const feedIds = () =>
  [...document.querySelectorAll<HTMLElement>('[role="feed"] [data-item-id]')].flatMap((el) =>
    el.dataset.itemId ? [el.dataset.itemId] : [],
  );

/** Opens the story before or after this one in the feed, and keeps the feed's place with it. */
function step(id: string, by: 1 | -1) {
  const ids = feedIds();
  const next = ids[ids.indexOf(id) + by];
  if (!next) return;
  document
    .querySelector<HTMLElement>(`[data-item-id="${CSS.escape(next)}"]`)
    ?.scrollIntoView({ block: 'nearest' });
  readerStory.open(next);
}

/** Links in a story open in a new tab, never in the app's own. */
function openLinksOutside(e: MouseEvent<HTMLElement>) {
  const link = (e.target as HTMLElement).closest('a[href]');
  if (!link) return;
  e.preventDefault();
  openItemUrl((link as HTMLAnchorElement).href);
}

export function StoryReader({ id }: { id: string }) {
  const qc = useQueryClient();
  const body = useRef<HTMLDivElement>(null);
  // The story as the feed's cache holds it, so Save and read state follow every change.
  const item = useSyncExternalStore(
    (onChange) => qc.getQueryCache().subscribe(onChange),
    () => loadedItems(qc, (i) => i.id === id)[0] as NewsItem | undefined,
  );
  // Read when opened (if that is the user's policy): once per story, not on every change of its state.
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!item || opened.current === id) return;
    opened.current = id;
    storyOpened(qc, item);
  }, [id, item, qc]);

  const close = () => {
    readerStory.close();
    // Back to the story in the feed, where `j`/`k` go on from.
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[data-item-id="${CSS.escape(id)}"]`)?.focus(),
    );
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.ctrlKey || e.metaKey || e.altKey || !item) return;
    const keys: Record<string, () => void> = {
      j: () => step(id, 1),
      k: () => step(id, -1),
      v: () => openItemUrl(item.url),
      m: () => act(qc, 'markRead', [item.id], !isRead(item)),
      s: () => act(qc, 'saveItem', item.id, !item.isSaved),
    };
    const run = keys[e.key];
    if (!run) return;
    e.preventDefault();
    run();
  };

  const html = item?.content || item?.summary || '';
  // The story's picture, when its text carries none of its own.
  const image = item && !html.includes('<img') ? itemImage(item) : null;
  const ids = feedIds();
  const at = ids.indexOf(id);
  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent
        aria-describedby={undefined}
        onKeyDown={onKeyDown}
        data-testid="story-reader"
        className="flex h-[100dvh] max-h-none w-full max-w-3xl flex-col gap-3 rounded-none p-0 sm:h-auto sm:max-h-[90vh] sm:w-[calc(100%-2rem)] sm:rounded-lg"
        // The story's text takes the focus, so the keys and the screen reader start there.
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          body.current?.focus();
        }}
      >
        {item ? (
          <>
            <header className="flex flex-col gap-1 border-b border-border px-5 pt-5 pb-3 pr-12">
              <p className="text-xs text-muted-foreground">
                {item.sourceName ?? 'Unknown source'} · {formatDateTime(item.publishedAt)}
                {item.author ? ` · ${item.author}` : ''}
              </p>
              <DialogTitle className="text-xl leading-snug">{item.title}</DialogTitle>
            </header>
            <div
              ref={body}
              tabIndex={-1}
              className="min-h-0 flex-1 overflow-y-auto px-5 focus:outline-none"
            >
              {image && (
                <img src={image} alt="" className="mb-3 max-h-80 w-full rounded-md object-cover" />
              )}
              <div
                className="story-body text-[0.95rem] leading-relaxed break-words"
                onClick={openLinksOutside}
                // Sanitised at ingestion (ingest/parse/sanitize.ts); the CSP allows no inline script.
                dangerouslySetInnerHTML={{ __html: html }}
              />
            </div>
            <footer className="flex flex-wrap items-center justify-between gap-2 border-t border-border px-5 py-3">
              <div className="flex items-center gap-1">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label="Previous story"
                  title="Previous story (k)"
                  disabled={at <= 0}
                  onClick={() => step(id, -1)}
                >
                  <ChevronLeft />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label="Next story"
                  title="Next story (j)"
                  disabled={at < 0 || at >= ids.length - 1}
                  onClick={() => step(id, 1)}
                >
                  <ChevronRight />
                </Button>
                <SaveButton item={item} />
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => act(qc, 'markRead', [item.id], !isRead(item))}
                >
                  {isRead(item) ? 'Mark unread' : 'Mark read'}
                </Button>
              </div>
              <Button size="sm" onClick={() => openItemUrl(item.url)}>
                <ExternalLink /> Open original
              </Button>
            </footer>
          </>
        ) : (
          <div className="p-6">
            <DialogTitle>Story not loaded</DialogTitle>
            <p className="mt-2 text-sm text-muted-foreground">
              This story is no longer in the feed. Close the reader and pick another.
            </p>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
