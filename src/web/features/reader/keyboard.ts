// What each shortcut does (issue 25), loaded on the first one. It works on the
// page as the user sees it: stories are the feed's `[data-item-id]` elements in
// reading order, and page actions press the page's own buttons, so a shortcut
// does exactly what the click does (cool-downs, toasts and Undo included).
import type { QueryClient } from '@tanstack/react-query';
import { readerStory } from './reader-store';
import { act } from './state';

/** The story last moved to: kept by id, so a re-rendered or reloaded list keeps the place. */
let current: string | null = null;

const stories = () => [...document.querySelectorAll<HTMLElement>('[role="feed"] [data-item-id]')];
const storyEl = (id: string | null) =>
  id ? document.querySelector<HTMLElement>(`[data-item-id="${CSS.escape(id)}"]`) : null;

function focused(): HTMLElement | null {
  const active = document.activeElement;
  const own = active instanceof HTMLElement ? active.closest<HTMLElement>('[data-item-id]') : null;
  return own ?? storyEl(current);
}

function focusStory(el: HTMLElement) {
  current = el.dataset.itemId ?? null;
  el.focus({ preventScroll: true });
  el.scrollIntoView({ block: 'nearest' });
}

/** Resolves with the first story after `after` to appear (the next page), or null after 10 s. */
function nextToAppear(after: HTMLElement): Promise<HTMLElement | null> {
  const find = () => {
    const list = stories();
    const i = list.indexOf(storyEl(after.dataset.itemId ?? null) ?? after);
    return i >= 0 ? (list[i + 1] ?? null) : null;
  };
  return new Promise((resolve) => {
    const feed = document.querySelector('[role="feed"]');
    if (!feed) return resolve(null);
    const done = (el: HTMLElement | null) => {
      observer.disconnect();
      clearTimeout(timer);
      resolve(el);
    };
    const observer = new MutationObserver(() => {
      const el = find();
      if (el) done(el);
    });
    observer.observe(feed.parentElement ?? feed, { childList: true, subtree: true });
    const timer = setTimeout(() => done(null), 10_000);
  });
}

async function move(step: 1 | -1) {
  const list = stories();
  const here = focused();
  const i = here ? list.indexOf(here) : -1;
  if (i < 0) {
    // Nothing focused yet: the first story on screen.
    const first = list.find((el) => el.getBoundingClientRect().bottom > 0);
    if (first) focusStory(first);
    return;
  }
  const next = list[i + step];
  if (next) return focusStory(next);
  if (step === 1 && here) {
    // The last loaded story: bringing it into view asks for the next page.
    focusStory(here);
    here.scrollIntoView({ block: 'end' });
    const more = await nextToAppear(here);
    if (more) focusStory(more);
  }
}

const button = (selector: string, text?: string) =>
  [...document.querySelectorAll<HTMLElement>(selector)].find(
    (el) => text === undefined || el.textContent?.trim().startsWith(text),
  );

function goTo(view: 'All' | 'Unread' | 'Saved') {
  button('[role="group"][aria-label="Show"] button', view)?.click();
}

function focusSearch() {
  const panel = document.querySelector('section[aria-label="Filters"]');
  panel?.querySelector<HTMLButtonElement>('button[aria-expanded="false"]')?.click();
  requestAnimationFrame(() => panel?.querySelector<HTMLInputElement>('input')?.focus());
}

export function runShortcut(combo: string, qc: QueryClient) {
  const story = focused();
  switch (combo) {
    case 'j':
      return void move(1);
    case 'k':
      return void move(-1);
    case 'o':
      if (story?.dataset.itemId) readerStory.open(story.dataset.itemId);
      return;
    case 'v':
      return story?.querySelector<HTMLElement>('a[aria-label="Open in new tab"]')?.click();
    case 'm':
      if (story?.dataset.itemId) act(qc, 'markRead', [story.dataset.itemId], !story.dataset.read);
      return;
    case 's':
      return story?.querySelector<HTMLElement>('button[aria-label="Save"]')?.click();
    case 'A':
      return button('[data-action="mark-all-read"]')?.click();
    case '/':
      return focusSearch();
    case 'r':
      return button('button', 'Refresh Feed')?.click();
    case '?':
      return button('[data-action="shortcuts-help"]')?.click();
    case 'g u':
      return goTo('Unread');
    case 'g s':
      return goTo('Saved');
    case 'g a':
      return goTo('All');
  }
}
