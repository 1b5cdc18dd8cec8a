// Stargazing Score Explained: tonight's verdict (issue 28), the four weighted
// factors, their colours and tips, and tonight's darkness, Moon and clouds.
import {
  factorLevel,
  needsTip,
  stargazingLevel,
  type CurrentWeather,
  type StargazingFactor,
} from '../../../shared/sky';
import { clock12 } from '../../../shared/format';
import { Badge } from '../../components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Meter } from './DetailRow';
import { factorBarClass, factorTextClass, stargazingVariant } from './levels';
import { TonightVerdict } from './TonightVerdict';

const TIPS: Record<StargazingFactor['key'], string> = {
  cloud:
    'Heavy cloud cover: check the hourly forecast for clearer gaps, or plan for another night.',
  visibility:
    'Haze or fog limits visibility: faint objects will be hard to see; try the Moon and bright planets.',
  humidity:
    'High humidity can fog your optics: bring a dew heater, or keep lens caps on until you observe.',
  wind: 'Wind will shake a telescope: use a sturdy mount and low magnification, or find shelter.',
};

export function StargazingDialog({
  weather,
  place,
  open,
  onOpenChange,
}: {
  weather: CurrentWeather;
  /** The user's place key (queries.placeKeyOf), for tonight's verdict. */
  place: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const level = stargazingLevel(weather.stargazingRating);
  const factors = weather.stargazingExplanation.factors;
  const tips = factors.filter((f) => needsTip(f.key, f.score));
  const tonight = weather.tonight;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Stargazing Score Explained</DialogTitle>
          <DialogDescription>
            {weather.stargazingDescription}: {weather.stargazingRating}/10 for{' '}
            {weather.locationName}.
          </DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-2">
          <span className="text-3xl font-bold">{weather.stargazingRating}/10</span>
          <Badge variant={stargazingVariant[level]} className="capitalize">
            {level}
          </Badge>
        </div>
        <TonightVerdict place={place} />
        <ul className="flex flex-col gap-3" aria-label="Factors">
          {factors.map((f) => {
            const fl = factorLevel(f.score);
            return (
              <li key={f.key} className="flex flex-col gap-1">
                <div className="flex items-baseline justify-between gap-2 text-sm">
                  <span className="font-medium">
                    {f.label}{' '}
                    <span className="text-xs text-muted-foreground">
                      ({Math.round(f.weight * 100)}% weight)
                    </span>
                  </span>
                  <span className="text-xs text-muted-foreground">{f.value}</span>
                </div>
                <Meter
                  value={f.score / 100}
                  className={factorBarClass[fl]}
                  label={`${f.label} score`}
                />
                <span className={`text-xs font-medium ${factorTextClass[fl]}`}>
                  Score {f.score}/100 ({fl})
                </span>
              </li>
            );
          })}
        </ul>
        {tips.length > 0 ? (
          <div className="rounded-md border border-border bg-muted/40 p-3">
            <h3 className="mb-1 text-sm font-semibold">Tips</h3>
            <ul className="list-disc pl-5 text-sm">
              {tips.map((f) => (
                <li key={f.key}>{TIPS[f.key]}</li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            Every factor looks good: a fine night to head outside.
          </p>
        )}
        <div className="flex min-w-0 flex-col gap-2 rounded-md border border-border p-3">
          <h3 className="text-sm font-semibold">Tonight</h3>
          <p className="text-sm" data-testid="tonight-summary">
            {tonight.summary}
          </p>
          {tonight.hours.length > 0 ? (
            <ol className="flex gap-1 overflow-x-auto pb-1" aria-label="Hourly cloud cover tonight">
              {tonight.hours.map((h) => (
                <li
                  key={h.hour}
                  className="flex min-w-10 flex-col items-center gap-0.5 text-[10px]"
                  title={`Low ${h.cloudCoverLow ?? '–'}%, mid ${h.cloudCoverMid ?? '–'}%, high ${h.cloudCoverHigh ?? '–'}%`}
                >
                  <span className="font-medium">{h.cloudCover}%</span>
                  <span
                    aria-hidden="true"
                    className="h-6 w-6 rounded-sm bg-slate-400"
                    style={{ opacity: 0.15 + (h.cloudCover / 100) * 0.85 }}
                  />
                  <span className="whitespace-nowrap text-muted-foreground">{clock12(h.hour)}</span>
                </li>
              ))}
            </ol>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
