import { memo } from 'react';
import { CARD_SUMMARY_CHARS } from '../../../shared/constants';
import type { NewsItem } from '../../../shared/types';
import { truncate } from '../../lib/format';
import { AiSummary } from './AiSummary';
import { activationProps, itemImage, itemYoutubeId } from './item';
import { ItemImage } from './ItemImage';
import { ItemActions, ItemBadges, ItemMeta } from './ItemParts';
import { YouTubePlayer } from './YouTubePlayer';

/**
 * A story as a card: image or video, badges, title, 200-character summary, meta,
 * actions. Compact (a 3:1 image, 5:2 on a phone, the AI Summary a slim line until opened,
 * the title and the summary clamped to three lines each) so a desktop screen shows
 * two rows of three; the grid lines the cards up in rows. A video plays at 16:9 across the card.
 */
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
        <YouTubePlayer
          videoId={videoId}
          image={image}
          title={item.title}
          sourceName={item.sourceName}
          className="aspect-[5/2] sm:aspect-[3/1]"
        />
      ) : image ? (
        <ItemImage
          src={image}
          alt=""
          sourceName={item.sourceName}
          className="aspect-[5/2] w-full sm:aspect-[3/1]"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-1.5 px-3 py-2.5">
        <ItemBadges item={item} />
        <h3
          id={titleId}
          className="line-clamp-3 text-[0.9375rem] font-semibold leading-snug break-words"
        >
          {item.title}
        </h3>
        {item.summaryText && (
          <p className="line-clamp-3 text-sm text-muted-foreground break-words">
            {truncate(item.summaryText, CARD_SUMMARY_CHARS)}
          </p>
        )}
        <AiSummary item={item} />
        <div className="mt-auto flex items-center justify-between gap-2">
          <ItemMeta item={item} />
          <ItemActions item={item} />
        </div>
      </div>
    </article>
  );
});
