import { useState } from 'react';
import { cn } from '../../lib/utils';

/** The first letter of a source's name, for the compact image placeholder. */
function initialOf(name: string | null | undefined): string {
  const first = Array.from(name?.trim() ?? '')[0];
  return first ? first.toLocaleUpperCase() : '?';
}

/** The compact placeholder of an image that failed: the source's initial and 'Image unavailable'. */
export function ImageUnavailable({
  sourceName,
  className,
}: {
  sourceName?: string | null;
  className?: string;
}) {
  return (
    <div
      data-testid="image-unavailable"
      className={cn(
        'flex items-center gap-2 bg-muted px-3 py-2 text-xs text-muted-foreground',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="flex size-6 shrink-0 items-center justify-center rounded-full bg-background text-xs font-semibold text-foreground/70"
      >
        {initialOf(sourceName)}
      </span>
      Image unavailable
    </div>
  );
}

/**
 * A story image. When it fails to load it gives way to a compact placeholder
 * (the source's initial, captioned 'Image unavailable' as the spec says) rather
 * than an empty block the size of the picture: the story's text moves up.
 */
export function ItemImage({
  src,
  alt,
  className,
  sourceName,
  fallbackClassName,
  onFail,
}: {
  src: string;
  alt: string;
  className?: string;
  sourceName?: string | null;
  fallbackClassName?: string;
  /** Told when the image fails, for a parent that lays itself out around the placeholder. */
  onFail?: () => void;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src)
    return <ImageUnavailable sourceName={sourceName} className={fallbackClassName} />;
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => {
        setFailedSrc(src);
        onFail?.();
      }}
      className={cn('bg-muted object-cover', className)}
    />
  );
}
