// Add an ntfy topic, a webhook or e-mail. The server checks each field and
// says what is wrong; a webhook's signing secret is shown once, here.
import { Copy } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { CreateChannelInput, CreatedChannel } from '../../../shared/alerts';
import { FormAlert } from '../../components/FormAlert';
import { FormField } from '../../components/FormField';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Label, NativeSelect } from '../../components/ui/input';
import { toast } from '../../lib/toast';
import { useCreateChannel } from './queries';

type Kind = 'ntfy' | 'webhook' | 'email';
const KIND_LABELS: Record<Kind, string> = { ntfy: 'ntfy', webhook: 'Webhook', email: 'E-mail' };

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Secret copied');
  } catch {
    toast.error('Could not copy: select the secret and copy it by hand');
  }
}

export function AddChannelDialog({
  open,
  onOpenChange,
  emailAvailable,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  emailAvailable: boolean;
}) {
  const create = useCreateChannel();
  const kindId = useId();
  const [kind, setKind] = useState<Kind>('ntfy');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [topic, setTopic] = useState('');
  const [token, setToken] = useState('');
  const [created, setCreated] = useState<CreatedChannel | null>(null);
  const { reset } = create;

  useEffect(() => {
    if (!open) {
      setName('');
      setUrl('');
      setTopic('');
      setToken('');
      setCreated(null);
      reset();
    }
  }, [open, reset]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const fallbackName = { ntfy: topic || 'ntfy', webhook: 'Webhook', email: 'E-mail' }[kind];
    const input: CreateChannelInput =
      kind === 'ntfy'
        ? { kind, name: name || fallbackName, url, topic, token: token || undefined }
        : kind === 'webhook'
          ? { kind, name: name || fallbackName, url }
          : { kind, name: name || fallbackName };
    create.mutate(input, {
      onSuccess: (result) => {
        if (result.secret) setCreated(result);
        else {
          toast.success('Channel added');
          onOpenChange(false);
        }
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add a channel</DialogTitle>
          <DialogDescription>
            {created
              ? 'Webhook added. Copy its signing secret now: it is shown only this once.'
              : 'Send alerts to an ntfy topic, a webhook or your e-mail.'}
          </DialogDescription>
        </DialogHeader>
        {created?.secret ? (
          <div className="flex flex-col gap-3">
            <p className="text-sm">
              Each request carries{' '}
              <code className="font-mono">X-AstroDash-Signature: sha256=…</code>, the HMAC-SHA256 of
              the body under this secret.
            </p>
            <div className="flex items-center gap-2">
              <input
                readOnly
                aria-label="Signing secret"
                value={created.secret}
                onFocus={(e) => e.currentTarget.select()}
                className="min-w-0 flex-1 rounded-md border border-input bg-background px-2 py-1.5 font-mono text-xs"
              />
              <Button size="sm" onClick={() => void copy(created.secret!)}>
                <Copy />
                Copy
              </Button>
            </div>
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>Done</Button>
            </DialogFooter>
          </div>
        ) : (
          <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={kindId}>Kind</Label>
              <NativeSelect
                id={kindId}
                value={kind}
                onChange={(e) => {
                  setKind(e.target.value as Kind);
                  reset();
                }}
              >
                {(Object.keys(KIND_LABELS) as Kind[])
                  .filter((k) => k !== 'email' || emailAvailable)
                  .map((k) => (
                    <option key={k} value={k}>
                      {KIND_LABELS[k]}
                    </option>
                  ))}
              </NativeSelect>
            </div>
            <FormField
              label="Name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder={
                kind === 'webhook' ? 'Home Assistant' : kind === 'email' ? 'My inbox' : 'My phone'
              }
              maxLength={80}
            />
            {kind === 'ntfy' && (
              <>
                <FormField
                  label="Server"
                  type="url"
                  value={url}
                  onChange={(e) => setUrl(e.target.value)}
                  placeholder="https://ntfy.sh"
                  hint="The ntfy server's address, without the topic."
                  required
                />
                <FormField
                  label="Topic"
                  value={topic}
                  onChange={(e) => setTopic(e.target.value)}
                  placeholder="astro_alerts_3f9a"
                  hint="Anyone who knows a public topic can read it: pick one hard to guess."
                  required
                />
                <FormField
                  label="Access token (optional)"
                  type="password"
                  autoComplete="off"
                  value={token}
                  onChange={(e) => setToken(e.target.value)}
                  placeholder="tk_…"
                />
              </>
            )}
            {kind === 'webhook' && (
              <FormField
                label="URL"
                type="url"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                placeholder="https://example.org/hooks/astrodash"
                hint="Receives a signed JSON POST for each alert."
                required
              />
            )}
            {kind === 'email' && (
              <p className="text-sm text-muted-foreground">
                Alerts go to your account&apos;s e-mail address.
              </p>
            )}
            <FormAlert message={create.error?.message} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Adding...' : 'Add channel'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
