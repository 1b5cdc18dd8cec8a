// GET /_api/sky/tonight's answer: the verdict over tonight's darkness and the aurora
// tier at the place, from the cached forecast, aerosol optical depth and SWPC inputs.
import type { ErrorAnswer } from '../../shared/sky';
import type { TonightAnswer, TonightAurora } from '../../shared/sky-tonight';
import type { Config } from '../config';
import {
  geomagneticLatitude,
  higherTier,
  kpTier,
  ovationAt,
  ovationTier,
  tierLabel,
  viewline,
} from './aurora';
import type { SkyPlace } from './place';
import type { AuroraInputs, SkyService } from './service';
import type { Window } from './tonight';
import { localToInstant } from './open-meteo';
import type { VerdictOf } from './skycal-routes';
import { decideVerdict, summaryLine } from './verdict';

const HOUR_MS = 3_600_000;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * Tonight's highest forecast Kp over the dark hours still to come, else the latest
 * observed; OVATION's nowcast counts when its time falls in tonight's darkness.
 */
export function auroraTonight(
  place: Pick<SkyPlace, 'latitude' | 'longitude'>,
  night: Window | null,
  reference: Date,
  inputs: AuroraInputs,
  sky: Config['sky'],
): TonightAurora {
  const magnetic = geomagneticLatitude(
    place.latitude,
    place.longitude,
    { model: sky.geomagneticModel, pole: sky.geomagneticPole },
    reference,
  );
  let kp: number | null = null;
  let kpSource: TonightAurora['kpSource'] = null;
  if (night) {
    const from = Math.max(night.start.getTime(), reference.getTime());
    for (const row of inputs.kpRows) {
      const t = row.time.getTime();
      if (t < night.end.getTime() && t + 3 * HOUR_MS > from && (kp === null || row.kp > kp)) {
        kp = row.kp;
        kpSource = 'forecast';
      }
    }
  }
  if (kp === null && inputs.latest) {
    kp = inputs.latest.kp;
    kpSource = 'observed';
  }
  const nowcastCounts =
    night !== null &&
    inputs.ovation !== null &&
    inputs.ovation.forecastTime !== null &&
    inputs.ovation.forecastTime.getTime() >= night.start.getTime() - HOUR_MS &&
    inputs.ovation.forecastTime.getTime() <= night.end.getTime();
  const probability =
    nowcastCounts && inputs.ovation
      ? ovationAt(inputs.ovation, place.latitude, place.longitude)
      : null;
  const tier = higherTier(kp === null ? 'none' : kpTier(magnetic, kp), ovationTier(probability));
  return {
    tier,
    label: tierLabel(tier, magnetic),
    kp: kp === null ? null : round(kp, 2),
    kpSource,
    geomagneticLatitude: round(magnetic),
    viewline: kp === null ? null : round(viewline(kp)),
    ovationProbability: probability,
    error: inputs.error,
  };
}

export async function tonightAnswer(
  sky: SkyService,
  config: Config,
  place: SkyPlace,
  /** The instant "tonight" is decided at (the alerts engine's clock); default: the forecast's now. */
  reference?: Date,
): Promise<TonightAnswer | ErrorAnswer> {
  const [forecast, air, inputs] = await Promise.all([
    sky.forecast(place),
    sky.airQuality(place),
    sky.auroraInputs(),
  ]);
  if ('error' in forecast) return { error: forecast.error.replace('Weather', 'Forecast') };
  const result = decideVerdict({
    forecast,
    airQuality: 'error' in air ? null : air,
    place,
    weights: config.sky.cloudWeights,
    hazeCap: config.sky.hazeCap,
    reference,
  });
  const aurora = auroraTonight(place, result.night, result.reference, inputs, config.sky);
  const auroraWords =
    aurora.tier === 'none' ? '' : ` Aurora: ${aurora.label.toLowerCase()} (Kp ${aurora.kp}).`;
  return {
    verdict: result.verdict,
    reasons: result.reasons,
    bestWindow: result.bestWindow,
    hours: result.hours,
    aurora,
    summary: `${summaryLine(result)}.${auroraWords}`,
    darkness: result.darkness,
    place: {
      name: place.name,
      latitude: place.latitude,
      longitude: place.longitude,
      timeZone: place.timeZone,
    },
    units: place.units,
    windUnit: result.windUnit,
    reference: result.reference.toISOString(),
  };
}

/**
 * That night's verdict for a sky-calendar event (the night under way at the
 * event, else the next one), when the forecast reaches to its end; undefined
 * beyond the forecast, so a year of events costs one cached forecast.
 */
export function eventVerdicts(sky: SkyService, config: Config): VerdictOf {
  return async (event, place) => {
    const at = new Date(event.at);
    const now = Date.now();
    // Open-Meteo forecasts about a week ahead: nothing to ask further out, or of the past.
    if (at.getTime() < now - 12 * HOUR_MS || at.getTime() > now + 8 * 24 * HOUR_MS)
      return undefined;
    const [forecast, air] = await Promise.all([sky.forecast(place), sky.airQuality(place)]);
    const times = 'error' in forecast ? undefined : forecast.hourly?.time;
    if ('error' in forecast || !times?.length) return undefined;
    const lastHour = localToInstant(times[times.length - 1], forecast.utc_offset_seconds);
    const result = decideVerdict({
      forecast,
      airQuality: 'error' in air ? null : air,
      place: {
        latitude: place.latitude,
        longitude: place.longitude,
        units: place.units ?? 'metric',
      },
      weights: config.sky.cloudWeights,
      hazeCap: config.sky.hazeCap,
      reference: at,
    });
    if (!result.night || result.night.end.getTime() > lastHour.getTime() + HOUR_MS)
      return undefined;
    return { verdict: result.verdict, reasons: result.reasons };
  };
}
