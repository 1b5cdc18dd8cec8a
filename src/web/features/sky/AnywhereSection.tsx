// Anywhere on Earth (issue 28), inside Set Your Location below the spec's ZIP form:
// a city from the server's offline list, or a latitude and longitude, and the
// weather units. Each choice is saved at once through /_api/profile/update_location.
import { useQuery } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { PlaceSearchResult } from '../../../shared/sky-tonight';
import { updateLocationSchema } from '../../../shared/sky-schemas';
import type { Units, UserLocation } from '../../../shared/types';
import { FormField } from '../../components/FormField';
import { Button } from '../../components/ui/button';
import { FieldError, Label } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { api, toQuery } from '../../lib/api';
import { cn } from '../../lib/utils';
import { useUpdateLocation, type LocationInput } from '../account/mutations';

const UNIT_CHOICES: { value: Units; label: string }[] = [
  { value: 'us', label: '°F, mph' },
  { value: 'metric', label: '°C, km/h' },
];

/** A typed number ("69,65" too); undefined when empty, NaN when not a number. */
const number = (v: string) => (v.trim() === '' ? undefined : Number(v.replace(',', '.')));

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

function useCitySearch(query: string) {
  const q = useDebounced(query.trim(), 250);
  return useQuery({
    queryKey: ['sky', 'places', q],
    enabled: q.length >= 2,
    queryFn: () =>
      api.get<{ places: PlaceSearchResult[] }>(
        `/_api/sky/places${toQuery({ q })}`,
        'Failed to search cities',
      ),
    staleTime: 60 * 60_000,
  });
}

export function AnywhereSection({
  location,
  units,
  onSaved,
}: {
  location: UserLocation | null;
  units: Units;
  onSaved: () => void;
}) {
  const update = useUpdateLocation();
  const [query, setQuery] = useState('');
  const [latitude, setLatitude] = useState(location ? String(location.latitude) : '');
  const [longitude, setLongitude] = useState(location ? String(location.longitude) : '');
  const [error, setError] = useState<string | undefined>();
  const search = useCitySearch(query);
  const listId = useId();
  const unitsId = useId();

  function save(input: LocationInput, close = true) {
    setError(undefined);
    update.mutate(input, {
      onSuccess: () => (close ? onSaved() : undefined),
      onError: (e) => setError(e.message || 'An unknown error occurred.'),
    });
  }

  function saveCoordinates(event: FormEvent) {
    event.preventDefault();
    const parsed = updateLocationSchema.safeParse({
      latitude: number(latitude),
      longitude: number(longitude),
    });
    if (!parsed.success || parsed.data.latitude === undefined) {
      setError(parsed.error?.issues[0]?.message ?? 'Give both a latitude and a longitude.');
      return;
    }
    save({ latitude: parsed.data.latitude, longitude: parsed.data.longitude ?? 0 });
  }

  const places = search.data?.places ?? [];
  return (
    <section
      className="flex flex-col gap-3 border-t border-border pt-4"
      aria-label="Anywhere on Earth"
    >
      <div>
        <h3 className="text-sm font-semibold">Outside the US?</h3>
        <p className="text-sm text-muted-foreground">
          Pick a city or enter a latitude and longitude for the weather, tonight&apos;s verdict and
          aurora anywhere on Earth.
        </p>
      </div>
      {location ? (
        <p className="flex items-start gap-1.5 text-sm" data-testid="current-place">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            Now: <span className="font-medium">{location.name}</span>{' '}
            <span className="text-muted-foreground">({location.timeZone})</span>
          </span>
        </p>
      ) : null}
      <div className="flex flex-col gap-1.5">
        <FormField
          label="City"
          name="city"
          placeholder="e.g., Tromsø"
          autoComplete="off"
          role="combobox"
          aria-expanded={places.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          value={query}
          onChange={(e) => setQuery(e.target.value.slice(0, 64))}
        />
        {search.isFetching ? (
          <p className="flex items-center gap-2 text-xs text-muted-foreground">
            <Spinner className="size-3" /> Searching…
          </p>
        ) : search.isError ? (
          <FieldError>{search.error.message}</FieldError>
        ) : query.trim().length >= 2 && search.isSuccess && places.length === 0 ? (
          <p className="text-xs text-muted-foreground">No city of that name in the list.</p>
        ) : null}
        {places.length > 0 ? (
          <ul id={listId} role="listbox" aria-label="Cities" className="flex flex-col gap-0.5">
            {places.map((p) => (
              <li key={p.id} role="option" aria-selected={false}>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="h-auto w-full justify-start py-1.5 text-left"
                  disabled={update.isPending}
                  onClick={() => save({ latitude: p.latitude, longitude: p.longitude })}
                >
                  {p.label}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <form onSubmit={saveCoordinates} noValidate className="flex flex-col gap-2">
        <div className="grid grid-cols-2 gap-2">
          <FormField
            label="Latitude"
            name="latitude"
            inputMode="decimal"
            placeholder="e.g., 69.65"
            value={latitude}
            onChange={(e) => setLatitude(e.target.value.slice(0, 20))}
          />
          <FormField
            label="Longitude"
            name="longitude"
            inputMode="decimal"
            placeholder="e.g., 18.96"
            value={longitude}
            onChange={(e) => setLongitude(e.target.value.slice(0, 20))}
          />
        </div>
        <Button type="submit" variant="outline" disabled={update.isPending} className="self-start">
          Use coordinates
        </Button>
        <FieldError>{error}</FieldError>
      </form>
      <div className="flex flex-col gap-1.5">
        <Label id={unitsId}>Units</Label>
        <div role="radiogroup" aria-labelledby={unitsId} className="flex gap-1">
          {UNIT_CHOICES.map((u) => (
            <Button
              key={u.value}
              type="button"
              role="radio"
              aria-checked={units === u.value}
              variant={units === u.value ? 'default' : 'outline'}
              size="sm"
              className={cn('min-w-24')}
              disabled={update.isPending}
              onClick={() => units !== u.value && save({ units: u.value }, false)}
            >
              {u.label}
            </Button>
          ))}
        </div>
      </div>
    </section>
  );
}
