// Alerts → Rules: each rule in plain words, switched on and off in place,
// edited in a dialog, deleted after a question.
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { AlertChannel, AlertRule } from '../../../shared/alerts';
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
import { Skeleton } from '../../components/ui/skeleton';
import { Switch } from '../../components/ui/switch';
import { toast } from '../../lib/toast';
import { useChannels, useDeleteRule, useRules, useSaveRule } from './queries';
import { RuleDialog } from './RuleDialog';

function RuleRow({
  rule,
  channels,
  onEdit,
  onDelete,
}: {
  rule: AlertRule;
  channels: AlertChannel[];
  onEdit: () => void;
  onDelete: () => void;
}) {
  const save = useSaveRule();
  const names = rule.channelIds
    .map((id) => channels.find((c) => c.id === id)?.name)
    .filter(Boolean)
    .join(', ');
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex items-start gap-3">
        <Switch
          className="mt-0.5"
          checked={rule.enabled}
          disabled={save.isPending}
          aria-label={`${rule.enabled ? 'Turn off' : 'Turn on'}: ${rule.summary}`}
          onCheckedChange={(enabled) =>
            save.mutate(
              {
                id: rule.id,
                trigger: rule.trigger,
                channelIds: rule.channelIds,
                enabled,
                overrideQuietHours: rule.overrideQuietHours,
              },
              { onError: (e) => toast.error(e.message) },
            )
          }
        />
        <div className="min-w-0 flex-1">
          <p className={rule.enabled ? 'text-sm' : 'text-sm text-muted-foreground'}>
            {rule.summary}
          </p>
          <p className="text-xs text-muted-foreground">
            {rule.enabled ? 'On' : 'Off'}
            {names && ` · ${names}`}
            {rule.overrideQuietHours && ' · “now” events break quiet hours'}
          </p>
        </div>
        <div className="flex shrink-0 gap-1">
          <Button variant="ghost" size="icon" aria-label={`Edit: ${rule.summary}`} onClick={onEdit}>
            <Pencil />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="text-destructive"
            aria-label={`Delete: ${rule.summary}`}
            onClick={onDelete}
          >
            <Trash2 />
          </Button>
        </div>
      </div>
    </li>
  );
}

export function RulesCard() {
  const rules = useRules();
  const channels = useChannels();
  const remove = useDeleteRule();
  const [editing, setEditing] = useState<AlertRule | null | 'new'>(null);
  const [deleting, setDeleting] = useState<AlertRule | null>(null);
  const channelList = channels.data ?? [];

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Rules</CardTitle>
          <CardDescription>What you want to hear about.</CardDescription>
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus />
          New rule
        </Button>
      </CardHeader>
      <CardContent>
        {rules.isPending && <Skeleton className="h-14 w-full" />}
        {rules.isError && <FormAlert message={rules.error.message} />}
        {rules.data?.length === 0 && (
          <p className="text-sm text-muted-foreground">
            No rules yet. Add one to hear about launches, aurora, clear nights or the stories you
            follow.
          </p>
        )}
        {!!rules.data?.length && (
          <ul aria-label="Your rules" className="flex flex-col divide-y divide-border">
            {rules.data.map((r) => (
              <RuleRow
                key={r.id}
                rule={r}
                channels={channelList}
                onEdit={() => setEditing(r)}
                onDelete={() => setDeleting(r)}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <RuleDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        rule={editing === 'new' ? null : editing}
        channels={channelList}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this rule?"
        description={deleting?.summary ?? ''}
        confirmLabel="Delete"
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success('Rule deleted'),
            onError: (e) => toast.error(e.message),
          })
        }
      />
    </Card>
  );
}
