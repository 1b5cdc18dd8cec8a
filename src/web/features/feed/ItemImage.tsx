import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/utils';

/** A story image that says 'Image unavailable' when it fails to load (spec). */
export function ItemImage({
  src,
  alt,
  className,
  fallbackClassName = 'justify-center',
}: {
  src: string;
  alt: string;
  className?: string;
  fallbackClassName?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) {
    return (
      <div
        className={cn(
          'flex flex-col items-center gap-1 bg-muted text-sm text-muted-foreground',
          fallbackClassName,
          className,
        )}
      >
        <ImageOff className="h-5 w-5" aria-hidden="true" />
        Image unavailable
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailedSrc(src)}
      className={cn('bg-muted object-cover', className)}
    />
  );
}
