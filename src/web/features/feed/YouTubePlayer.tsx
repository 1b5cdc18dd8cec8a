import { Play, X } from 'lucide-react';
import { useState } from 'react';
import { youtubeEmbed } from '../../lib/format';
import { cn } from '../../lib/utils';
import { ImageUnavailable, ItemImage } from './ItemImage';

const playButton =
  'inline-flex items-center justify-center rounded-full bg-black/70 text-white shadow-lg transition-transform group-hover:scale-110 group-focus-visible:ring-4 group-focus-visible:ring-ring';

/**
 * The card's media area for a YouTube video: the thumbnail (in the card's image
 * strip, `className`) with a play button, swapped for the privacy-enhanced player
 * (no autoplay) at 16:9 across the card, and back (spec). A thumbnail that fails
 * leaves a slim bar: the play button beside 'Image unavailable', never over it.
 */
export function YouTubePlayer({
  videoId,
  image,
  title,
  sourceName,
  className,
}: {
  videoId: string;
  image: string;
  title: string;
  sourceName?: string | null;
  className?: string;
}) {
  const [playing, setPlaying] = useState(false);
  const [failedImage, setFailedImage] = useState<string | null>(null);
  if (playing) {
    return (
      <div className="relative aspect-video w-full overflow-hidden bg-black">
        <iframe
          src={youtubeEmbed(videoId)}
          title={title}
          className="absolute inset-0 h-full w-full border-0"
          // Only what playback needs: no sensors, clipboard, camera, microphone or location.
          allow="encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          // The cross-origin player needs its scripts and its own origin (the pair is only
          // unsafe for same-origin frames); it may open YouTube in a new tab, nothing more.
          // oxlint-disable-next-line react/iframe-missing-sandbox
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox"
          referrerPolicy="strict-origin-when-cross-origin"
        />
        <button
          type="button"
          aria-label="Close video"
          onClick={() => setPlaying(false)}
          className="absolute right-2 top-2 inline-flex h-8 w-8 cursor-pointer items-center justify-center rounded-full bg-black/70 text-white hover:bg-black/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X className="h-4 w-4" />
        </button>
      </div>
    );
  }
  const failed = failedImage === image;
  const play = (
    <button
      type="button"
      aria-label="Play video"
      onClick={() => setPlaying(true)}
      className={cn(
        'group flex cursor-pointer items-center justify-center focus-visible:outline-none',
        failed ? 'shrink-0 p-1.5' : 'absolute inset-0',
      )}
    >
      <span className={cn(playButton, failed ? 'h-9 w-9' : 'h-14 w-14')}>
        <Play className={cn('fill-current', failed ? 'ml-0.5 h-4 w-4' : 'ml-1 h-6 w-6')} />
      </span>
    </button>
  );
  if (failed) {
    return (
      <div className="flex w-full items-center bg-muted" data-testid="video-thumbnail-failed">
        {play}
        <ImageUnavailable sourceName={sourceName} className="min-w-0 flex-1 pl-0" />
      </div>
    );
  }
  return (
    <div className={cn('relative w-full overflow-hidden bg-black', className ?? 'aspect-video')}>
      <ItemImage
        src={image}
        alt=""
        className="absolute inset-0 h-full w-full"
        onFail={() => setFailedImage(image)}
      />
      {play}
    </div>
  );
}
