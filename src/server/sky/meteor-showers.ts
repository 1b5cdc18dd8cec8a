// The major annual meteor showers, from the International Meteor Organization's
// Working List of Visual Meteor Showers (IMO Meteor Shower Calendar, Table 5:
// https://www.imo.net/resources/calendar/). The peak is kept as the IMO gives it,
// a solar longitude (J2000.0), so each year's date is computed rather than
// copied; activity dates are the list's usual ones. Only showers with a zenithal
// hourly rate of 10 or more are listed: the ones worth going out for.

export interface MeteorShower {
  /** IMO code. */
  code: string;
  name: string;
  /** Solar longitude of the maximum, degrees (J2000.0). */
  peakSolarLongitude: number;
  /** The month and day (UTC) the maximum falls near: where the search starts. */
  near: [month: number, day: number];
  /** Usual activity period, [month, day] each. */
  active: [[number, number], [number, number]];
  zhr: number;
  /** Radiant at the maximum, degrees. */
  radiantRa: number;
  radiantDec: number;
  /** Atmospheric entry speed, km/s. */
  speed: number;
  parent: string;
}

export const MAJOR_METEOR_SHOWERS: readonly MeteorShower[] = [
  {
    code: 'QUA',
    name: 'Quadrantids',
    peakSolarLongitude: 283.15,
    near: [1, 3],
    active: [
      [12, 28],
      [1, 12],
    ],
    zhr: 80,
    radiantRa: 230,
    radiantDec: 49,
    speed: 41,
    parent: '2003 EH1',
  },
  {
    code: 'LYR',
    name: 'Lyrids',
    peakSolarLongitude: 32.32,
    near: [4, 22],
    active: [
      [4, 14],
      [4, 30],
    ],
    zhr: 18,
    radiantRa: 271,
    radiantDec: 34,
    speed: 49,
    parent: 'C/1861 G1 (Thatcher)',
  },
  {
    code: 'ETA',
    name: 'Eta Aquariids',
    peakSolarLongitude: 45.5,
    near: [5, 6],
    active: [
      [4, 19],
      [5, 28],
    ],
    zhr: 50,
    radiantRa: 338,
    radiantDec: -1,
    speed: 66,
    parent: '1P/Halley',
  },
  {
    code: 'SDA',
    name: 'Southern Delta Aquariids',
    peakSolarLongitude: 127,
    near: [7, 30],
    active: [
      [7, 12],
      [8, 23],
    ],
    zhr: 25,
    radiantRa: 340,
    radiantDec: -16,
    speed: 41,
    parent: '96P/Machholz',
  },
  {
    code: 'PER',
    name: 'Perseids',
    peakSolarLongitude: 140.0,
    near: [8, 12],
    active: [
      [7, 17],
      [8, 24],
    ],
    zhr: 100,
    radiantRa: 48,
    radiantDec: 58,
    speed: 59,
    parent: '109P/Swift-Tuttle',
  },
  {
    code: 'DRA',
    name: 'Draconids',
    peakSolarLongitude: 195.4,
    near: [10, 8],
    active: [
      [10, 6],
      [10, 10],
    ],
    zhr: 10,
    radiantRa: 262,
    radiantDec: 54,
    speed: 20,
    parent: '21P/Giacobini-Zinner',
  },
  {
    code: 'ORI',
    name: 'Orionids',
    peakSolarLongitude: 208,
    near: [10, 21],
    active: [
      [10, 2],
      [11, 7],
    ],
    zhr: 20,
    radiantRa: 95,
    radiantDec: 16,
    speed: 66,
    parent: '1P/Halley',
  },
  {
    code: 'LEO',
    name: 'Leonids',
    peakSolarLongitude: 235.27,
    near: [11, 17],
    active: [
      [11, 6],
      [11, 30],
    ],
    zhr: 15,
    radiantRa: 152,
    radiantDec: 22,
    speed: 71,
    parent: '55P/Tempel-Tuttle',
  },
  {
    code: 'GEM',
    name: 'Geminids',
    peakSolarLongitude: 262.2,
    near: [12, 14],
    active: [
      [12, 4],
      [12, 20],
    ],
    zhr: 150,
    radiantRa: 112,
    radiantDec: 33,
    speed: 35,
    parent: '3200 Phaethon',
  },
  {
    code: 'URS',
    name: 'Ursids',
    peakSolarLongitude: 270.7,
    near: [12, 22],
    active: [
      [12, 17],
      [12, 26],
    ],
    zhr: 10,
    radiantRa: 217,
    radiantDec: 76,
    speed: 33,
    parent: '8P/Tuttle',
  },
];
