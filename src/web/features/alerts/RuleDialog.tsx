// A rule's editor: what triggers it, its conditions, its channels, whether
// "now" events may break quiet hours. The sentence at the bottom is the rule as
// the list will say it.
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  type AlertChannel,
  type AlertRule,
  type Trigger,
  type TriggerKind,
} from '../../../shared/alerts';
import { ruleSummary } from '../../../shared/alerts-summary';
import { FormAlert } from '../../components/FormAlert';
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
import { Switch } from '../../components/ui/switch';
import { toast } from '../../lib/toast';
import { useSources } from '../sources/queries';
import { useSaveRule } from './queries';
import { Check, Fieldset, TriggerFields } from './TriggerFields';

const KINDS: Record<TriggerKind, string> = {
  launch: 'Launches',
  aurora: 'Aurora',
  tonight: 'Tonight is Go',
  pass: 'ISS passes',
  'sky-event': 'Sky events',
  stories: 'Stories',
};

const fresh: Record<TriggerKind, Trigger> = {
  launch: {
    kind: 'launch',
    scope: 'all',
    before: ['1h'],
    moved: true,
    holds: true,
    liftoff: false,
    outcome: false,
    provider: undefined,
    vehicle: undefined,
  },
  aurora: { kind: 'aurora', minTier: 'naked-eye' },
  tonight: { kind: 'tonight', at: '17:00' },
  pass: { kind: 'pass' },
  'sky-event': { kind: 'sky-event', at: '09:00' },
  stories: { kind: 'stories', query: undefined, topic: undefined, sourceIds: undefined },
};

export function RuleDialog({
  open,
  onOpenChange,
  rule,
  channels,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The rule to edit; none: a new one. */
  rule: AlertRule | null;
  channels: AlertChannel[];
}) {
  const save = useSaveRule();
  const sources = useSources();
  const id = useId();
  const [trigger, setTrigger] = useState<Trigger>(fresh.launch);
  const [channelIds, setChannelIds] = useState<number[]>([]);
  const [enabled, setEnabled] = useState(true);
  const [override, setOverride] = useState(false);
  const { reset } = save;
  const usable = channels.filter((c) => c.status === 'active');

  useEffect(() => {
    if (!open) return;
    reset();
    setTrigger(rule?.trigger ?? fresh.launch);
    setChannelIds(rule?.channelIds ?? usable.map((c) => c.id));
    setEnabled(rule?.enabled ?? true);
    setOverride(rule?.overrideQuietHours ?? false);
    // Only when the dialog opens: the channel list refreshing must not undo edits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, rule, reset]);

  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate(
      { ...(rule && { id: rule.id }), trigger, channelIds, enabled, overrideQuietHours: override },
      {
        onSuccess: () => {
          toast.success(rule ? 'Rule saved' : 'Rule added');
          onOpenChange(false);
        },
      },
    );
  }

  const kinds = channelIds
    .map((c) => channels.find((x) => x.id === c)?.kind)
    .filter((k) => k !== undefined);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{rule ? 'Edit rule' : 'New rule'}</DialogTitle>
          <DialogDescription>Choose what to hear about, and where.</DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-kind`}>Alert me about</Label>
            <NativeSelect
              id={`${id}-kind`}
              value={trigger.kind}
              onChange={(e) => {
                setTrigger(fresh[e.target.value as TriggerKind]);
                reset();
              }}
            >
              {(Object.keys(KINDS) as TriggerKind[]).map((k) => (
                <option key={k} value={k}>
                  {KINDS[k]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <TriggerFields trigger={trigger} set={setTrigger} />
          <Fieldset legend="Send by">
            {usable.length === 0 && (
              <p className="text-sm text-muted-foreground">
                Add a channel first (below the rules).
              </p>
            )}
            {usable.map((c) => (
              <Check
                key={c.id}
                checked={channelIds.includes(c.id)}
                onChange={(on) =>
                  setChannelIds(on ? [...channelIds, c.id] : channelIds.filter((x) => x !== c.id))
                }
              >
                {c.name}
              </Check>
            ))}
          </Fieldset>
          <div className="flex flex-col gap-3">
            <label className="flex items-center justify-between gap-3 text-sm">
              <span>Rule is on</span>
              <Switch checked={enabled} onCheckedChange={setEnabled} aria-label="Rule is on" />
            </label>
            <label className="flex items-center justify-between gap-3 text-sm">
              <span>
                Let “now” events through quiet hours
                <span className="block text-xs text-muted-foreground">
                  Liftoff, T−10 min, an ISS pass, aurora
                </span>
              </span>
              <Switch
                checked={override}
                onCheckedChange={setOverride}
                aria-label="Let now events through quiet hours"
              />
            </label>
          </div>
          <p className="rounded-md bg-muted px-3 py-2 text-sm" aria-live="polite">
            {ruleSummary(trigger, kinds, {
              sourceName: (sid) => sources.data?.find((s) => Number(s.id) === sid)?.name,
            })}
          </p>
          <FormAlert message={save.error?.message} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : rule ? 'Save rule' : 'Add rule'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
