// A rule's editor: what triggers it, its conditions, its channels, whether
// "now" events may break quiet hours. The sentence at the bottom is the rule as
// the list will say it.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  COUNTDOWNS,
  type AlertChannel,
  type AlertRule,
  type Countdown,
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
import { Input, Label, NativeSelect } from '../../components/ui/input';
import { Switch } from '../../components/ui/switch';
import { toast } from '../../lib/toast';
import { useSources } from '../sources/queries';
import { useSaveRule } from './queries';

const KINDS: Record<TriggerKind, string> = {
  launch: 'Launches',
  aurora: 'Aurora',
  tonight: 'Tonight is Go',
  pass: 'ISS passes',
  'sky-event': 'Sky events',
  stories: 'Stories',
};
const COUNTDOWN_LABELS: Record<Countdown, string> = {
  '24h': '24 hours before',
  '1h': '1 hour before',
  '10m': '10 minutes before',
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

function Check({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-2 text-sm">
      <input
        type="checkbox"
        className="h-4 w-4 accent-primary"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {children}
    </label>
  );
}

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {children}
    </fieldset>
  );
}

function TriggerFields({ trigger, set }: { trigger: Trigger; set: (t: Trigger) => void }) {
  const id = useId();
  const sources = useSources();
  switch (trigger.kind) {
    case 'launch':
      return (
        <>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-scope`}>Which launches</Label>
            <NativeSelect
              id={`${id}-scope`}
              value={trigger.scope}
              onChange={(e) => set({ ...trigger, scope: e.target.value as typeof trigger.scope })}
            >
              <option value="all">Every launch</option>
              <option value="provider">One provider's</option>
              <option value="vehicle">One vehicle's</option>
              <option value="followed">Launches I follow</option>
            </NativeSelect>
          </div>
          {(trigger.scope === 'provider' || trigger.scope === 'vehicle') && (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-name`}>
                {trigger.scope === 'provider' ? 'Provider' : 'Vehicle'}
              </Label>
              <Input
                id={`${id}-name`}
                value={(trigger.scope === 'provider' ? trigger.provider : trigger.vehicle) ?? ''}
                placeholder={trigger.scope === 'provider' ? 'SpaceX' : 'Falcon 9'}
                onChange={(e) => set({ ...trigger, [trigger.scope]: e.target.value })}
              />
            </div>
          )}
          <Fieldset legend="Countdown">
            {COUNTDOWNS.map((c) => (
              <Check
                key={c}
                checked={trigger.before.includes(c)}
                onChange={(on) =>
                  set({
                    ...trigger,
                    before: on ? [...trigger.before, c] : trigger.before.filter((x) => x !== c),
                  })
                }
              >
                {COUNTDOWN_LABELS[c]}
              </Check>
            ))}
          </Fieldset>
          <Fieldset legend="And when it">
            <Check checked={trigger.moved} onChange={(moved) => set({ ...trigger, moved })}>
              moves by 15 minutes or more
            </Check>
            <Check checked={trigger.holds} onChange={(holds) => set({ ...trigger, holds })}>
              is held, scrubbed or set to TBD
            </Check>
            <Check checked={trigger.liftoff} onChange={(liftoff) => set({ ...trigger, liftoff })}>
              lifts off
            </Check>
            <Check checked={trigger.outcome} onChange={(outcome) => set({ ...trigger, outcome })}>
              succeeds or fails
            </Check>
          </Fieldset>
        </>
      );
    case 'aurora':
      return (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-tier`}>Tell me when aurora may be</Label>
          <NativeSelect
            id={`${id}-tier`}
            value={trigger.minTier}
            onChange={(e) => set({ ...trigger, minTier: e.target.value as typeof trigger.minTier })}
          >
            <option value="naked-eye">visible to the naked eye</option>
            <option value="overhead">overhead</option>
          </NativeSelect>
        </div>
      );
    case 'tonight':
    case 'sky-event':
      return (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-at`}>
            {trigger.kind === 'tonight' ? 'Tell me by' : 'Tell me at'}
          </Label>
          <Input
            id={`${id}-at`}
            type="time"
            className="w-36"
            value={trigger.at}
            onChange={(e) => set({ ...trigger, at: e.target.value })}
          />
        </div>
      );
    case 'pass':
      return (
        <p className="text-sm text-muted-foreground">
          An hour before each visible ISS pass over your place.
        </p>
      );
    case 'stories': {
      const chosen = new Set(trigger.sourceIds ?? []);
      return (
        <>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-q`}>Stories matching</Label>
            <Input
              id={`${id}-q`}
              type="search"
              value={trigger.query ?? ''}
              placeholder="Artemis, JWST… (empty: every new story)"
              onChange={(e) => set({ ...trigger, query: e.target.value || undefined })}
            />
          </div>
          <Fieldset legend="From">
            <p className="text-xs text-muted-foreground">
              No source ticked: every source in your feed.
            </p>
            <div className="flex max-h-40 flex-col gap-1.5 overflow-y-auto rounded-md border border-border p-2">
              {sources.data?.map((s) => (
                <Check
                  key={s.id}
                  checked={chosen.has(Number(s.id))}
                  onChange={(on) => {
                    const next = new Set(chosen);
                    if (on) next.add(Number(s.id));
                    else next.delete(Number(s.id));
                    set({ ...trigger, sourceIds: next.size ? [...next] : undefined });
                  }}
                >
                  {s.name}
                </Check>
              ))}
              {sources.isPending && (
                <span className="text-xs text-muted-foreground">Loading sources…</span>
              )}
            </div>
          </Fieldset>
        </>
      );
    }
  }
}

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
