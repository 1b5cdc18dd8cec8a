// Weather for {location}: every field of spec 001 §2, with the Open-Meteo credit.
import {
  humidityText,
  stargazingLevel,
  uvBar,
  uvLevel,
  type CurrentWeather,
} from '../../../shared/sky';
import { Badge } from '../../components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { DetailRow, Meter } from './DetailRow';
import { formatTime } from './format';
import { stargazingVariant } from './levels';

const UV_BAR: Record<ReturnType<typeof uvLevel>, string> = {
  Low: 'bg-success',
  Moderate: 'bg-warning',
  High: 'bg-orange-500',
  'Very High': 'bg-destructive',
  Extreme: 'bg-purple-600',
};

export function WeatherDialog({
  weather,
  open,
  onOpenChange,
}: {
  weather: CurrentWeather;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const uv = uvLevel(weather.uvIndex);
  // The spec's US units, or metric for a user who chose them (issue 28).
  const us = weather.units !== 'metric';
  const degrees = us ? '°F' : '°C';
  const level = stargazingLevel(weather.stargazingRating);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Weather for {weather.locationName}</DialogTitle>
          <DialogDescription>Currently {weather.description}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          <DetailRow label="Temperature">
            {weather.temperature}
            {degrees}
          </DetailRow>
          <DetailRow label="Conditions">{weather.conditions}</DetailRow>
          <DetailRow label="Feels Like">
            {weather.feelsLike}
            {degrees}
          </DetailRow>
          <DetailRow
            label="UV Index"
            hint={<Meter value={uvBar(weather.uvIndex)} className={UV_BAR[uv]} label="UV index" />}
          >
            {weather.uvIndex} <span className="text-muted-foreground">({uv})</span>
          </DetailRow>
          <DetailRow label="Humidity" hint={humidityText(weather.humidity)}>
            {weather.humidity}%
          </DetailRow>
          <DetailRow label="Sunrise">{formatTime(weather.sunrise, weather.timezone)}</DetailRow>
          <DetailRow label="Sunset">{formatTime(weather.sunset, weather.timezone)}</DetailRow>
          <DetailRow
            label="Precipitation"
            hint={
              weather.precipitationAmount > 0
                ? `${weather.precipitationAmount} ${us ? 'in' : 'mm'} expected`
                : 'No precipitation expected.'
            }
          >
            {weather.precipitationChance}% chance
          </DetailRow>
          <DetailRow label="Wind">
            {weather.windSpeed} {us ? 'mph' : 'km/h'}
          </DetailRow>
          <DetailRow label="Visibility">
            {weather.visibility} {us ? 'miles' : 'km'}
          </DetailRow>
          <DetailRow label="Pressure">
            {weather.pressure} {us ? 'inHg' : 'hPa'}
          </DetailRow>
          <DetailRow label="Dew Point">
            {weather.dewPoint}
            {degrees}
          </DetailRow>
          <DetailRow label="Cloud Cover">{weather.cloudCoverage}%</DetailRow>
          <DetailRow label="Stargazing Conditions">
            <span className="flex items-center gap-2">
              {weather.stargazingRating}/10
              <Badge variant={stargazingVariant[level]} className="capitalize">
                {level}
              </Badge>
            </span>
          </DetailRow>
        </dl>
        <p className="text-xs text-muted-foreground">
          <a
            href="https://open-meteo.com/"
            target="_blank"
            rel="noopener noreferrer"
            className="underline underline-offset-2 hover:text-foreground"
          >
            Weather data by Open-Meteo
          </a>{' '}
          (CC BY 4.0)
        </p>
      </DialogContent>
    </Dialog>
  );
}
