// The strip's three calls (spec 001 §7), and issue 28's Tonight verdict. An answer
// with an `error` field is a failure; the weather failure keeps the place so the
// Moon can still be asked for.
import { useQuery } from '@tanstack/react-query';
import {
  MOON_FAILED,
  SPACE_WEATHER_FAILED,
  SPACE_WEATHER_REFRESH_MS,
  WEATHER_FAILED,
  type CurrentWeather,
  type MoonPhase,
  type SpaceWeather,
  type WeatherErrorAnswer,
} from '../../../shared/sky';
import type { TonightAnswer } from '../../../shared/sky-tonight';
import type { User } from '../../../shared/types';
import { api, toQuery } from '../../lib/api';

/** The user's place as a key: the ZIP, or the coordinates, with the units; '' for none. */
export function placeKeyOf(user: User | null | undefined): string {
  if (!user) return '';
  const where =
    user.zipCode ?? (user.location ? `${user.location.latitude},${user.location.longitude}` : '');
  return where && `${where}|${user.units}`;
}

export const skyKeys = {
  weather: (place: string) => ['sky', 'weather', place] as const,
  tonight: (place: string) => ['sky', 'tonight', place] as const,
  moon: (latitude: number, longitude: number) => ['sky', 'moon', latitude, longitude] as const,
  spaceWeather: ['sky', 'space-weather'] as const,
};

export class SkyError extends Error {
  constructor(
    message: string,
    readonly place?: { latitude: number; longitude: number },
  ) {
    super(message);
  }
}

function hasError(body: unknown): body is { error: string } {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { error?: unknown }).error === 'string'
  );
}

/**
 * The weather at the user's place: their ZIP (sent as the spec's query), else their
 * coordinates (the server knows them); `placeKey` from placeKeyOf().
 */
export function useWeather(placeKey: string, zipCode: string | null) {
  return useQuery({
    queryKey: skyKeys.weather(placeKey),
    enabled: Boolean(placeKey),
    queryFn: async () => {
      const body = await api.get<CurrentWeather | WeatherErrorAnswer>(
        `/_api/weather/current${toQuery({ zipCode })}`,
        WEATHER_FAILED,
      );
      if (hasError(body)) {
        const { latitude, longitude } = body as Partial<WeatherErrorAnswer>;
        const place =
          typeof latitude === 'number' && typeof longitude === 'number'
            ? { latitude, longitude }
            : undefined;
        throw new SkyError(body.error || WEATHER_FAILED, place);
      }
      return body;
    },
    staleTime: 10 * 60_000,
    retry: false,
  });
}

export function useMoon(place: { latitude: number; longitude: number } | undefined) {
  return useQuery({
    queryKey: skyKeys.moon(place?.latitude ?? 0, place?.longitude ?? 0),
    enabled: place !== undefined,
    queryFn: async () => {
      const body = await api.get<MoonPhase | { error: string }>(
        `/_api/astronomy/moon_phase${toQuery({ latitude: place?.latitude, longitude: place?.longitude })}`,
        MOON_FAILED,
      );
      if (hasError(body)) throw new SkyError(body.error || MOON_FAILED);
      return body;
    },
    staleTime: 10 * 60_000,
    retry: false,
  });
}

export function useSpaceWeather(enabled: boolean) {
  return useQuery({
    queryKey: skyKeys.spaceWeather,
    enabled,
    queryFn: async () => {
      const body = await api.get<SpaceWeather | { error: string }>(
        '/_api/space-weather/current',
        SPACE_WEATHER_FAILED,
      );
      if (hasError(body)) throw new SkyError(body.error || SPACE_WEATHER_FAILED);
      return body;
    },
    staleTime: SPACE_WEATHER_REFRESH_MS,
    refetchInterval: SPACE_WEATHER_REFRESH_MS,
    retry: false,
  });
}

export const TONIGHT_FAILED = "Failed to fetch tonight's verdict";

/** Tonight's verdict and aurora tier at the user's place. */
export function useTonight(placeKey: string) {
  return useQuery({
    queryKey: skyKeys.tonight(placeKey),
    enabled: Boolean(placeKey),
    queryFn: () => api.get<TonightAnswer>('/_api/sky/tonight', TONIGHT_FAILED),
    staleTime: 10 * 60_000,
    retry: false,
  });
}
