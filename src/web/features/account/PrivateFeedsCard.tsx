// My Account → Private feeds (issue 25): Atom URLs a feed reader can poll without
// signing in (a revocable secret token in the URL): create, copy, revoke. The
// server keeps only a hash of the token, so a URL is shown once, when created.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Rss, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '../../lib/toast';
import type {
  CreatedPrivateFeed,
  PrivateFeed,
  PrivateFeedsResponse,
} from '../../../shared/reading';
import { FormAlert } from '../../components/FormAlert';
import { ShownOnceUrl } from '../../components/ShownOnceUrl';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Label, NativeSelect } from '../../components/ui/input';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format';

type FeedKind = PrivateFeed['kind'];
const KINDS: Record<FeedKind, string> = {
  saved: 'My Saved stories',
  briefings: 'AI briefings',
  filtered: 'My dashboard',
};
const feedsKey = ['account', 'private-feeds'] as const;
const PATH = '/_api/account/private-feeds';

export function PrivateFeedsCard() {
  const qc = useQueryClient();
  const kindId = useId();
  const [kind, setKind] = useState<FeedKind>('saved');
  const [created, setCreated] = useState<CreatedPrivateFeed | null>(null);
  const [revoking, setRevoking] = useState<PrivateFeed | null>(null);
  const feeds = useQuery({
    queryKey: feedsKey,
    queryFn: async () =>
      (await api.get<PrivateFeedsResponse>(PATH, 'Failed to load private feeds')).feeds,
  });
  const create = useMutation({
    mutationFn: (k: FeedKind) =>
      api.post<CreatedPrivateFeed>(PATH, { kind: k }, 'Failed to create the feed'),
    onSuccess: (feed) => {
      setCreated(feed);
      return qc.invalidateQueries({ queryKey: feedsKey });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: number) => api.post(`${PATH}/delete`, { id }, 'Failed to revoke the feed'),
    onSuccess: (_, id) => {
      toast.success('Feed revoked');
      if (created?.id === id) setCreated(null);
      return qc.invalidateQueries({ queryKey: feedsKey });
    },
    onError: (e) => toast.error(e.message),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Rss className="h-5 w-5" aria-hidden="true" />
          Private feeds
        </CardTitle>
        <CardDescription>
          Atom feeds for your feed reader, no sign-in needed. Anyone who has a URL can read it:
          revoke a URL that leaked.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate(kind);
          }}
        >
          <div className="min-w-48 flex-1 space-y-1.5">
            <Label htmlFor={kindId}>New feed of</Label>
            <NativeSelect
              id={kindId}
              value={kind}
              onChange={(e) => setKind(e.target.value as FeedKind)}
            >
              {Object.entries(KINDS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create feed URL'}
          </Button>
        </form>
        <FormAlert message={create.error?.message} />
        {created && (
          <ShownOnceUrl
            message="Your new feed URL."
            label="New feed URL"
            url={created.url}
            copied="Feed URL copied"
          />
        )}
        {feeds.isError && <FormAlert message={feeds.error.message} />}
        {feeds.data?.length === 0 && (
          <p className="text-sm text-muted-foreground">No private feeds yet.</p>
        )}
        {!!feeds.data?.length && (
          <ul aria-label="Your private feeds" className="flex flex-col divide-y divide-border">
            {feeds.data.map((f) => (
              <li key={f.id} className="flex flex-wrap items-center gap-2 py-2">
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium">{KINDS[f.kind] ?? f.kind}</p>
                  <p className="text-xs text-muted-foreground">
                    Created {formatDate(f.createdAt)} ·{' '}
                    {f.lastUsedAt ? `last read ${formatDate(f.lastUsedAt)}` : 'not read yet'}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  className="text-destructive"
                  aria-label={`Revoke ${KINDS[f.kind] ?? f.kind} feed`}
                  onClick={() => setRevoking(f)}
                >
                  <Trash2 />
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke this feed URL?"
        description="Feed readers using it stop receiving stories. This cannot be undone."
        confirmLabel="Revoke"
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </Card>
  );
}
