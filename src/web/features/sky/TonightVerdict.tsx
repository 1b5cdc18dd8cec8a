// Tonight: Go, Marginal or No-go (issue 28), in the stargazing dialog: the verdict
// with its reasons and best window, the aurora tier, and the night hour by hour.
import { CloudRain, Moon, Sparkles } from 'lucide-react';
import { clock12 } from '../../../shared/format';
import {
  VERDICT_LABELS,
  type TonightAnswer,
  type TonightVerdictHour,
} from '../../../shared/sky-tonight';
import { Badge } from '../../components/ui/badge';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/utils';
import { verdictVariant } from './levels';
import { useTonight } from './queries';

/** Usable green, held back only by the Moon or thin cloud amber, else red. */
function hourTone(h: TonightVerdictHour): string {
  if (h.usable) return 'border-success';
  const soft = h.blockers.every((b) => b === 'moon' || (b === 'cloud' && (h.cloud ?? 100) <= 50));
  return soft ? 'border-warning' : 'border-destructive';
}

function Hours({ answer }: { answer: TonightAnswer }) {
  const time = (h: string) => (answer.units === 'us' ? clock12(h) : h);
  // On the hour, compactly: "10 PM", "22".
  const short = (h: string) =>
    answer.units === 'us' ? clock12(h).replace(':00', '') : h.slice(0, 2);
  return (
    <ol className="flex gap-1 overflow-x-auto pb-1" aria-label="Tonight hour by hour">
      {answer.hours.map((h) => (
        <li
          key={h.time}
          className={cn(
            'flex min-w-10 flex-col items-center gap-0.5 rounded-md border-2 px-1 py-1 text-[10px]',
            hourTone(h),
          )}
          title={[
            `${time(h.hour)}: ${h.usable ? 'usable' : `not usable (${h.blockers.join(', ')})`}`,
            `cloud ${h.cloud ?? '–'}% (low ${h.cloudLow ?? '–'}, mid ${h.cloudMid ?? '–'}, high ${h.cloudHigh ?? '–'})`,
            `precipitation ${h.precipitation ?? '–'}%`,
            `wind ${h.wind ?? '–'} ${answer.windUnit}`,
            `humidity ${h.humidity ?? '–'}%`,
            `aerosol optical depth ${h.aod ?? '–'}`,
            `Moon ${h.moonAltitude > 0 ? `up ${Math.round(h.moonAltitude)}°` : 'down'}, ${h.moonIllumination}% lit`,
          ].join('\n')}
        >
          <span className="whitespace-nowrap font-medium">{short(h.hour)}</span>
          <span>{h.cloud ?? '–'}%</span>
          <span className="flex h-3 items-center gap-0.5" aria-hidden="true">
            {h.blockers.includes('moon') ? <Moon className="size-3" /> : null}
            {h.blockers.includes('precipitation') ? <CloudRain className="size-3" /> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

export function TonightVerdict({ place }: { place: string }) {
  const tonight = useTonight(place);
  if (tonight.isPending)
    return (
      <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading tonight's verdict">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  if (tonight.isError)
    return (
      <p className="text-sm text-muted-foreground" data-testid="tonight-verdict">
        Tonight&apos;s verdict is unavailable: {tonight.error.message}
      </p>
    );
  const t = tonight.data;
  return (
    <section
      className="flex min-w-0 flex-col gap-2 rounded-md border border-border p-3"
      aria-label="Tonight's verdict"
      data-testid="tonight-verdict"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold">Tonight</h3>
        <Badge variant={verdictVariant[t.verdict]} className="text-sm">
          {VERDICT_LABELS[t.verdict]}
        </Badge>
        {t.bestWindow ? (
          <span className="text-sm">
            Best window <span className="font-medium">{t.bestWindow.label}</span>
          </span>
        ) : null}
      </div>
      {t.reasons.length > 0 ? (
        <ul className="list-disc pl-5 text-sm" aria-label="Reasons">
          {t.reasons.map((r) => (
            <li key={r}>{r.charAt(0).toUpperCase() + r.slice(1)}</li>
          ))}
        </ul>
      ) : null}
      {t.hours.length > 0 ? <Hours answer={t} /> : null}
      <p className="flex items-start gap-1.5 text-sm" data-testid="aurora-tier">
        <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          Aurora: <span className="font-medium">{t.aurora.label}</span>
          <span className="text-muted-foreground">
            {t.aurora.kp !== null
              ? ` (Kp ${t.aurora.kp} ${t.aurora.kpSource === 'forecast' ? 'forecast' : 'observed'}, geomagnetic latitude ${Math.round(t.aurora.geomagneticLatitude)}°)`
              : ` (${t.aurora.error ?? 'no Kp available'})`}
          </span>
        </span>
      </p>
    </section>
  );
}
