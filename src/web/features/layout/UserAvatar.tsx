import { useState } from 'react';
import { cn } from '../../lib/utils';
import { initialsFor } from './initials';

export interface UserAvatarProps {
  displayName?: string | null;
  email?: string | null;
  avatarUrl?: string | null;
  className?: string;
}

/** The avatar image, else initials (spec 001 §2). */
export function UserAvatar({ displayName, email, avatarUrl, className }: UserAvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const label = displayName || email || 'User';
  const showImage = avatarUrl && failed !== avatarUrl;
  return (
    <span
      className={cn(
        'inline-flex h-9 w-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary text-sm font-semibold text-primary-foreground select-none',
        className,
      )}
      data-testid="user-avatar"
    >
      {showImage ? (
        <img
          src={avatarUrl}
          alt={`${label}'s avatar`}
          className="h-full w-full object-cover"
          onError={() => setFailed(avatarUrl)}
        />
      ) : (
        <span aria-label={`${label}'s avatar`} role="img">
          {initialsFor(displayName, email)}
        </span>
      )}
    </span>
  );
}
