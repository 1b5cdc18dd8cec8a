// Places anywhere on Earth: the offline city list (search, nearest city), time zones
// found offline, and placeOf() for a ZIP, coordinates or nothing.
import { describe, expect, it } from 'vitest';
import { foldName, nearestCity, searchCities } from './cities';
import { coordinatesName, placeOf, resolveCoordinates, timeZoneAt } from './place';

const none = {
  zip_code: null,
  latitude: null,
  longitude: null,
  place_name: null,
  time_zone: null,
  units: null,
};

describe('the offline city list', () => {
  it('finds cities by the start of their name, accents and case ignored, biggest first', async () => {
    const london = await searchCities('london');
    expect(london[0]).toMatchObject({ name: 'London', label: 'London, United Kingdom' });
    expect(london.map((c) => c.label)).toContain('London, KY, United States');
    expect((await searchCities('TROMSO'))[0]).toMatchObject({ label: 'Tromsø, Norway' });
    expect((await searchCities('São Pau'))[0].label).toBe('São Paulo, Brazil');
    expect(await searchCities('x')).toEqual([]);
    expect(await searchCities('qqqqzzzz')).toEqual([]);
    // The column's separator in a query matches nothing across two names.
    expect(await searchCities('Man\0Manila')).toEqual([]);
    expect((await searchCities('Trom\0so'))[0].name).toBe('Tromsø');
    // An exact name comes before bigger cities whose name only starts with it.
    expect((await searchCities('Man')).slice(0, 2).map((c) => c.name)).toEqual(['Man', 'Manila']);
    expect(foldName('  Ærøskøbing ')).toBe('aeroskobing');
  });

  it('names coordinates by the city within 30 km, else by the numbers', async () => {
    expect((await nearestCity(69.65, 18.96))?.label).toBe('Tromsø, Norway');
    expect(await nearestCity(0, -150)).toBeNull();
    expect(coordinatesName(-33.5, -150.25)).toBe('33.5°S, 150.25°W');
  });
});

describe('places', () => {
  it('finds IANA time zones offline', () => {
    expect(timeZoneAt(51.5, -0.12)).toBe('Europe/London');
    expect(timeZoneAt(-33.87, 151.21)).toBe('Australia/Sydney');
    expect(timeZoneAt(35.229, -80.8419)).toBe('America/New_York');
  });

  it('resolves typed coordinates to a name and a zone', async () => {
    expect(await resolveCoordinates(69.6496, 18.95508)).toEqual({
      latitude: 69.6496,
      longitude: 18.95508,
      name: 'Tromsø, Norway',
      timeZone: 'Europe/Oslo',
    });
    expect(await resolveCoordinates(-60.123456789, -40)).toMatchObject({
      latitude: -60.12346,
      name: '60.12°S, 40°W',
    });
  });

  it('answers for a ZIP in US units, for coordinates in metric, and with the units chosen', () => {
    expect(placeOf(none)).toBeNull();
    expect(placeOf({ ...none, zip_code: '28202' })).toEqual({
      kind: 'zip',
      zipCode: '28202',
      latitude: 35.229,
      longitude: -80.8419,
      name: 'Charlotte, NC',
      timeZone: 'America/New_York',
      units: 'us',
    });
    const tromso = {
      ...none,
      latitude: 69.6496,
      longitude: 18.95508,
      place_name: 'Tromsø, Norway',
      time_zone: 'Europe/Oslo',
    };
    expect(placeOf(tromso)).toMatchObject({ kind: 'coordinates', zipCode: null, units: 'metric' });
    expect(placeOf({ ...tromso, units: 'us' })?.units).toBe('us');
    expect(placeOf({ ...none, zip_code: '28202', units: 'metric' })?.units).toBe('metric');
  });
});
