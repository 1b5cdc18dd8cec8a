// The trigger part of a rule's editor: each kind's conditions.
import { useId, type ReactNode } from 'react';
import { COUNTDOWNS, type Countdown, type Trigger } from '../../../shared/alerts';
import { Input, Label, NativeSelect } from '../../components/ui/input';
import { useSources } from '../sources/queries';

const COUNTDOWN_LABELS: Record<Countdown, string> = {
  '24h': '24 hours before',
  '1h': '1 hour before',
  '10m': '10 minutes before',
};

export function Check({
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

export function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {children}
    </fieldset>
  );
}

export function TriggerFields({ trigger, set }: { trigger: Trigger; set: (t: Trigger) => void }) {
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
