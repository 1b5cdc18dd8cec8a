// Open-Meteo states each block's units in `*_units`; read them instead of
// assuming what was asked for (imperial visibility comes in feet, wind as "mp/h").
export class UnitError extends Error {}

type Converter = (value: number) => number;

const temperature: Record<string, Converter> = {
  '°F': (v) => v,
  '°C': (v) => (v * 9) / 5 + 32,
};
const speed: Record<string, Converter> = {
  'mp/h': (v) => v,
  mph: (v) => v,
  'km/h': (v) => v / 1.609344,
  'm/s': (v) => v * 2.2369363,
  kn: (v) => v * 1.1507794,
};
const precipitation: Record<string, Converter> = {
  inch: (v) => v,
  mm: (v) => v / 25.4,
  cm: (v) => v / 2.54,
};
/** To metres (the stargazing score's unit). */
const distance: Record<string, Converter> = {
  m: (v) => v,
  ft: (v) => v * 0.3048,
  km: (v) => v * 1000,
};
const pressure: Record<string, Converter> = {
  hPa: (v) => v * 0.029529983,
  inHg: (v) => v,
};
const percent: Record<string, Converter> = { '%': (v) => v };

export const UNITS = { temperature, speed, precipitation, distance, pressure, percent };
export type UnitKind = keyof typeof UNITS;

/** Converts a value given in `unit` to the dashboard's unit of its kind. */
export function convert(kind: UnitKind, unit: string | undefined, value: number): number {
  const fn = unit === undefined ? undefined : UNITS[kind][unit];
  if (!fn) throw new UnitError(`Unexpected ${kind} unit: ${String(unit)}`);
  return fn(value);
}

export const METRES_PER_MILE = 1609.344;
