// What cards and rows share: the type badge, the image choice, and opening an
// item in a new tab by click, Enter or Space.
import type { KeyboardEvent, MouseEvent } from 'react';
import type { NewsItem } from '../../../shared/types';
import type { BadgeVariant } from '../../components/ui/badge';
import { humanize, isValidImageSrc, youtubeId, youtubeThumbnail } from '../../lib/format';

const BADGE_BY_TYPE: Record<string, BadgeVariant> = {
  article: 'default',
  video: 'destructive',
  social_post: 'secondary',
  image: 'success',
  podcast: 'warning',
};

/** An unknown item type is treated as article (spec). */
export function typeBadge(itemType: string): { variant: BadgeVariant; label: string } {
  const known = itemType in BADGE_BY_TYPE;
  return {
    variant: known ? BADGE_BY_TYPE[itemType] : 'default',
    label: humanize(known ? itemType : 'article'),
  };
}

/** The YouTube id of a video item, else null. */
export function itemYoutubeId(item: NewsItem): string | null {
  return item.itemType === 'video' || item.sourceType === 'youtube' ? youtubeId(item.url) : null;
}

/**
 * imageUrl (the server fills it at ingestion, from the feed's media or the first
 * image in the story's HTML), else the YouTube thumbnail.
 */
export function itemImage(item: NewsItem): string | null {
  if (isValidImageSrc(item.imageUrl)) return item.imageUrl;
  const id = itemYoutubeId(item);
  return id ? youtubeThumbnail(id) : null;
}

/** Opens a story in a new tab; inside a parent window, navigates the top window instead. */
export function openItemUrl(url: string): void {
  if (window.top && window.top !== window.self) {
    try {
      window.top.location.href = url;
      return;
    } catch {
      /* a cross-origin parent: fall through to a new tab */
    }
  }
  window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * Clicks on buttons, links, inputs or the video frame belong to them, not to the
 * card; so do clicks in portalled popovers, which React bubbles through the card.
 */
function isForeignClick(target: EventTarget | null, container: Element): boolean {
  if (!(target instanceof Element) || !container.contains(target)) return true;
  const el = target.closest('button, a, input, select, iframe');
  return !!el && el !== container && container.contains(el);
}

/** Props that make a card or row open its story (spec: click, Enter or Space); `onOpen` follows. */
export function activationProps(url: string, onOpen?: () => void) {
  const open = () => {
    openItemUrl(url);
    onOpen?.();
  };
  return {
    tabIndex: 0,
    onClick: (e: MouseEvent<HTMLElement>) => {
      if (!isForeignClick(e.target, e.currentTarget)) open();
    },
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
      e.preventDefault();
      open();
    },
  };
}
