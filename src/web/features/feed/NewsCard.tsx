import { memo } from 'react';
import { CARD_SUMMARY_CHARS } from '../../../shared/constants';
import type { NewsItem } from '../../../shared/types';
import { truncate } from '../../lib/format';
import { AiSummary } from './AiSummary';
import { activationProps, itemImage, itemYoutubeId } from './item';
import { ItemImage } from './ItemImage';
import { ItemActions, ItemBadges, ItemMeta } from './ItemParts';
import { YouTubePlayer } from './YouTubePlayer';

/** A story as a card: image or video, badges, title, 200-character summary, meta, actions. */
export const NewsCard = memo(function NewsCard({ item }: { item: NewsItem }) {
  const image = itemImage(item);
  const videoId = itemYoutubeId(item);
  const titleId = `news-title-${item.id}`;
  return (
    <article
      {...activationProps(item.url)}
      aria-labelledby={titleId}
      data-testid="news-card"
      className="flex h-full cursor-pointer flex-col overflow-hidden rounded-lg border border-border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
    >
      {videoId && image ? (
        <YouTubePlayer videoId={videoId} image={image} title={item.title} />
      ) : image ? (
        <ItemImage src={image} alt="" className="aspect-video w-full" />
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <ItemBadges item={item} />
        <h3 id={titleId} className="text-base font-semibold leading-snug break-words">
          {item.title}
        </h3>
        {item.summaryText && (
          <p className="text-sm text-muted-foreground break-words">
            {truncate(item.summaryText, CARD_SUMMARY_CHARS)}
          </p>
        )}
        <AiSummary item={item} />
        <div className="mt-auto flex items-center justify-between gap-2 pt-1">
          <ItemMeta item={item} />
          <ItemActions item={item} />
        </div>
      </div>
    </article>
  );
});
