import { useQueryClient } from '@tanstack/react-query';
import { memo } from 'react';
import { CARD_SUMMARY_CHARS } from '../../../shared/constants';
import type { NewsItem } from '../../../shared/types';
import { truncate } from '../../lib/format';
import { cn } from '../../lib/utils';
import { isRead, storyOpened } from '../reader/state';
import { AlsoCovered } from '../stories/AlsoCovered';
import { HotCount } from '../stories/HotCount';
import { AiSummary } from './AiSummary';
import { activationProps, itemImage, itemYoutubeId } from './item';
import { ItemImage } from './ItemImage';
import { ItemActions, ItemBadges, ItemMeta } from './ItemParts';
import { YouTubePlayer } from './YouTubePlayer';
import { TopicChips } from '../topics/TopicChips';

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
  const qc = useQueryClient();
  const onOpen = () => storyOpened(qc, item);
  const read = isRead(item);
  return (
    <article
      {...activationProps(item.url, onOpen)}
      aria-labelledby={titleId}
      data-testid="news-card"
      data-item-id={item.id}
      data-read={read || undefined}
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
        <div className="flex flex-wrap items-center gap-1.5">
          <ItemBadges item={item} />
          <HotCount item={item} />
        </div>
        <h3
          id={titleId}
          className={cn(
            'line-clamp-3 text-[0.9375rem] leading-snug break-words',
            read ? 'font-medium text-muted-foreground' : 'font-semibold',
          )}
        >
          {item.title}
        </h3>
        {item.summaryText && (
          <p className="line-clamp-3 text-sm text-muted-foreground break-words">
            {truncate(item.summaryText, CARD_SUMMARY_CHARS)}
          </p>
        )}
        <TopicChips topics={item.topics} max={2} />
        <AiSummary item={item} />
        <AlsoCovered item={item} />
        <div className="@container mt-auto flex items-center justify-between gap-2">
          {/* In a narrow card, source over time (the source truncates), so the Save and Share
              buttons fit beside them. */}
          <ItemMeta
            item={item}
            className="[&>time]:whitespace-nowrap @max-xs:flex-col @max-xs:items-start @max-xs:gap-0 @max-xs:[&>span:first-child]:max-w-full @max-xs:[&>span[aria-hidden]]:hidden"
          />
          <ItemActions item={item} onOpen={onOpen} className="gap-0 [&>*]:size-7!" />
        </div>
      </div>
    </article>
  );
});
