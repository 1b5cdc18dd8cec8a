// My Account → API passwords (issue 26): what reader apps (NetNewsWire, Reeder,
// ReadYou, newsboat…) sign in with, separate from the login password. The two
// addresses apps are given, a named password made here and shown once, when each
// was last used, and revoking it (apps using it stop syncing at once).
import { Copy, KeyRound, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import {
  API_PASSWORD_NAME_MAX,
  FEVER_PATH,
  GREADER_PATH,
  type ApiPassword,
  type CreatedApiPassword,
} from '../../../shared/sync';
import { FormAlert } from '../../components/FormAlert';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input, Label } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDate, timeAgo } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useApiPasswords, useCreateApiPassword, useRevokeApiPassword } from './api-passwords';

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied`);
  } catch {
    toast.error('Could not copy: select the text and copy it by hand');
  }
}

/** A value to paste into an app, read-only, with its copy button. */
function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className="h-8 min-w-0 flex-1 rounded-md border border-input bg-background px-2 font-mono text-xs"
        />
        <Button
          size="sm"
          variant="outline"
          aria-label={`Copy ${label}`}
          onClick={() => void copy(value, label)}
        >
          <Copy />
          Copy
        </Button>
      </div>
    </div>
  );
}

function PasswordRow({ item, onRevoke }: { item: ApiPassword; onRevoke: () => void }) {
  return (
    <li className="flex flex-wrap items-center gap-2 py-2">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{item.name}</p>
        <p className="text-xs text-muted-foreground">
          Created {formatDate(item.createdAt)} ·{' '}
          {item.lastUsedAt ? `last used ${timeAgo(item.lastUsedAt)}` : 'not used yet'}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="text-destructive"
        aria-label={`Revoke ${item.name}`}
        onClick={onRevoke}
      >
        <Trash2 />
        Revoke
      </Button>
    </li>
  );
}

export function ApiPasswordsCard({ email }: { email: string }) {
  const nameId = useId();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedApiPassword | null>(null);
  const [revoking, setRevoking] = useState<ApiPassword | null>(null);
  const passwords = useApiPasswords();
  const create = useCreateApiPassword();
  const revoke = useRevokeApiPassword();
  const origin = window.location.origin;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="h-5 w-5" aria-hidden="true" />
          API passwords
        </CardTitle>
        <CardDescription>
          Read AstroDash in a reader app (NetNewsWire, Reeder, ReadYou, FeedMe, newsboat…) with read
          and saved stories in step both ways. Add a Google Reader (FreshRSS) or Fever account with
          these details and a password made here: it works only in apps, never to sign in on this
          site, and your login password does not work in apps.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <CopyField label="Google Reader API URL" value={`${origin}${GREADER_PATH}`} />
          <CopyField label="Fever API URL" value={`${origin}${FEVER_PATH}`} />
          <CopyField label="Username" value={email} />
        </div>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate(name, {
              onSuccess: (made) => {
                setCreated(made);
                setName('');
              },
            });
          }}
        >
          <div className="min-w-48 flex-1 space-y-1.5">
            <Label htmlFor={nameId}>Name of the new password</Label>
            <Input
              id={nameId}
              value={name}
              maxLength={API_PASSWORD_NAME_MAX}
              placeholder="Phone"
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={create.isPending || name.trim() === ''}>
            {create.isPending ? 'Creating...' : 'Create password'}
          </Button>
        </form>
        <FormAlert message={create.error?.message} />
        {created && (
          <div
            role="status"
            className="flex flex-col gap-2 rounded-md border border-primary/40 bg-primary/5 p-3"
          >
            <p className="text-sm font-medium">
              Password “{created.name}”. Copy it now: it is shown only this once.
            </p>
            <CopyField label="New API password" value={created.password} />
          </div>
        )}
        {passwords.isPending && (
          <div aria-busy="true" aria-label="Loading API passwords" className="space-y-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        )}
        {passwords.isError && <FormAlert message={passwords.error.message} />}
        {passwords.data?.length === 0 && (
          <p className="text-sm text-muted-foreground">No API passwords yet.</p>
        )}
        {!!passwords.data?.length && (
          <ul aria-label="Your API passwords" className="flex flex-col divide-y divide-border">
            {passwords.data.map((p) => (
              <PasswordRow key={p.id} item={p} onRevoke={() => setRevoking(p)} />
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        description="Apps signed in with it stop syncing at once. This cannot be undone."
        confirmLabel="Revoke"
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast.success('Password revoked');
              if (created?.id === revoking.id) setCreated(null);
            },
            onError: (e) => toast.error(e.message),
          })
        }
      />
    </Card>
  );
}
