import { Play, X } from 'lucide-react';
import { useState } from 'react';
import { youtubeEmbed } from '../../lib/format';
import { cn } from '../../lib/utils';
import { ItemImage } from './ItemImage';

/**
 * The card's media area for a YouTube video: the thumbnail with a play button,
 * swapped for the privacy-enhanced player (no autoplay) and back (spec).
 */
export function YouTubePlayer({
  videoId,
  image,
  title,
  className,
}: {
  videoId: string;
  image: string;
  title: string;
  className?: string;
}) {
  const [playing, setPlaying] = useState(false);
  return (
    <div className={cn('relative aspect-video w-full overflow-hidden bg-black', className)}>
      {playing ? (
        <>
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
        </>
      ) : (
        <>
          {/* A failed thumbnail says so below the play button. */}
          <ItemImage
            src={image}
            alt=""
            className="absolute inset-0 h-full w-full"
            fallbackClassName="absolute inset-x-0 bottom-0 justify-center bg-black/60 text-white"
          />
          <button
            type="button"
            aria-label="Play video"
            onClick={() => setPlaying(true)}
            className="group absolute inset-0 flex cursor-pointer items-center justify-center focus-visible:outline-none"
          >
            <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-black/70 text-white shadow-lg transition-transform group-hover:scale-110 group-focus-visible:ring-4 group-focus-visible:ring-ring">
              <Play className="ml-1 h-6 w-6 fill-current" />
            </span>
          </button>
        </>
      )}
    </div>
  );
}
