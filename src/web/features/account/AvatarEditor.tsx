import { Loader2, Trash2, Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { AVATAR_MAX_BYTES } from '../../../shared/constants';
import type { User } from '../../../shared/types';
import { Button } from '../../components/ui/button';
import { UserAvatar } from '../layout/UserAvatar';
import { useRemoveAvatar, useUploadAvatar } from './mutations';

/** Image files only, at most 5 MB; anything else is rejected and only logged (spec §5). */
export function acceptableAvatar(file: File): boolean {
  if (!file.type.startsWith('image/')) {
    console.error(`Avatar rejected: ${file.name} is not an image (${file.type || 'unknown type'})`);
    return false;
  }
  if (file.size > AVATAR_MAX_BYTES) {
    console.error(`Avatar rejected: ${file.name} is larger than 5 MB (${file.size} bytes)`);
    return false;
  }
  return true;
}

/** Upload → pending preview → Save or Cancel; Remove when an avatar exists (spec §2, §4). */
export function AvatarEditor({ user }: { user: User }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<{ file: File; url: string } | null>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const busy = upload.isPending || remove.isPending;

  useEffect(
    () => () => {
      if (pending) URL.revokeObjectURL(pending.url);
    },
    [pending],
  );

  function choose(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file || !acceptableAvatar(file)) return;
    setPending({ file, url: URL.createObjectURL(file) });
  }

  function save() {
    if (!pending) return;
    upload.mutate(pending.file, {
      onSuccess: () => {
        setPending(null);
        toast.success('Avatar updated');
      },
      onError: (error) => {
        console.error('Avatar upload failed', error);
        toast.error('Avatar upload failed', { description: error.message });
      },
    });
  }

  function removeAvatar() {
    remove.mutate(undefined, {
      onSuccess: () => toast.success('Avatar removed'),
      onError: (error) => console.error('Avatar removal failed', error),
    });
  }

  return (
    <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
      <UserAvatar
        displayName={user.displayName}
        email={user.email}
        avatarUrl={pending?.url ?? user.avatarUrl}
        className="h-20 w-20 text-2xl"
      />
      <div className="flex flex-col gap-2">
        <input
          ref={inputRef}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-label="Choose an avatar image"
          onChange={choose}
        />
        {pending ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={save} disabled={busy}>
              {upload.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              Save
            </Button>
            <Button size="sm" variant="outline" onClick={() => setPending(null)} disabled={busy}>
              Cancel
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              onClick={() => inputRef.current?.click()}
              disabled={busy}
            >
              <Upload aria-hidden="true" />
              Upload
            </Button>
            {user.avatarUrl ? (
              <Button size="sm" variant="outline" onClick={removeAvatar} disabled={busy}>
                {remove.isPending ? (
                  <Loader2 aria-hidden="true" className="animate-spin" />
                ) : (
                  <Trash2 aria-hidden="true" />
                )}
                Remove
              </Button>
            ) : null}
          </div>
        )}
        <p className="text-xs text-muted-foreground">
          {pending ? 'Preview: save to use this picture.' : 'Image files up to 5 MB.'}
        </p>
      </div>
    </div>
  );
}
