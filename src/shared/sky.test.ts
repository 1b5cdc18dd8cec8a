// The spec's levels and the stargazing score at every boundary (spec 001 §9).
import { describe, expect, it } from 'vitest';
import {
  factorLevel,
  humidityText,
  kpBadgeLevel,
  kpLevel,
  needsTip,
  stargazingLevel,
  stargazingScore,
  uvBar,
  uvLevel,
  windScore,
} from './sky';

describe('stargazing score', () => {
  it('weights cloud 40%, visibility 30%, humidity 20% and wind 10%', () => {
    // cloud 100, visibility 100, humidity 100, wind 100 → 10
    expect(
      stargazingScore({ cloudCoverage: 0, visibilityMetres: 16093, humidity: 0, windMph: 10 })
        .rating,
    ).toBe(10);
    // 100×0.4 + 0 + 0 + 25×0.1 (30 mph) = 42.5 → 4
    expect(
      stargazingScore({ cloudCoverage: 0, visibilityMetres: 0, humidity: 100, windMph: 30 }).rating,
    ).toBe(4);
    expect(
      stargazingScore({ cloudCoverage: 100, visibilityMetres: 16093, humidity: 100, windMph: 30 })
        .rating,
    ).toBe(3);
    expect(
      stargazingScore({ cloudCoverage: 100, visibilityMetres: 0, humidity: 0, windMph: 30 }).rating,
    ).toBe(2);
    expect(
      stargazingScore({ cloudCoverage: 100, visibilityMetres: 0, humidity: 100, windMph: 10 })
        .rating,
    ).toBe(1);
  });

  it('scores visibility as metres / 16093 in percent, capped at 100', () => {
    const at = (m: number) =>
      stargazingScore({ cloudCoverage: 0, visibilityMetres: m, humidity: 0, windMph: 10 }).factors
        .visibility;
    expect(at(8046.5)).toBeCloseTo(50, 5);
    expect(at(16093)).toBe(100);
    expect(at(50_000)).toBe(100);
    expect(at(0)).toBe(0);
  });

  it('gives the Charlotte fixture 6/10 (cloud 55%, 16,100 m, humidity 85%, wind 4 mph)', () => {
    const s = stargazingScore({
      cloudCoverage: 55,
      visibilityMetres: 16100,
      humidity: 85,
      windMph: 4,
    });
    // 45×0.4 + 100×0.3 + 15×0.2 + 80×0.1 = 18 + 30 + 3 + 8 = 59 → 6
    expect(s.factors).toEqual({ cloud: 45, visibility: 100, humidity: 15, wind: 80 });
    expect(s.rating).toBe(6);
  });

  it('scores wind 80 below 5 mph, 100 from 5 to 15, minus 5 per mph above', () => {
    expect(windScore(0)).toBe(80);
    expect(windScore(4.9)).toBe(80);
    expect(windScore(5)).toBe(100);
    expect(windScore(15)).toBe(100);
    expect(windScore(16)).toBe(95);
    expect(windScore(20)).toBe(75);
    expect(windScore(35)).toBe(0);
    expect(windScore(60)).toBe(0);
  });

  it('labels the badge: 8+ excellent, 6–7 good, 4–5 fair, below 4 poor', () => {
    expect([10, 8, 7, 6, 5, 4, 3, 0].map(stargazingLevel)).toEqual([
      'excellent',
      'excellent',
      'good',
      'good',
      'fair',
      'fair',
      'poor',
      'poor',
    ]);
  });

  it('colours factors: below 40 poor, below 70 fair, else good', () => {
    expect([0, 39.9, 40, 69.9, 70, 100].map(factorLevel)).toEqual([
      'poor',
      'poor',
      'fair',
      'fair',
      'good',
      'good',
    ]);
  });

  it('tips when cloud, visibility or humidity score below 50, wind below 70', () => {
    for (const key of ['cloud', 'visibility', 'humidity'] as const) {
      expect(needsTip(key, 49.9)).toBe(true);
      expect(needsTip(key, 50)).toBe(false);
    }
    expect(needsTip('wind', 69)).toBe(true);
    expect(needsTip('wind', 70)).toBe(false);
  });
});

describe('UV', () => {
  it('levels after rounding: ≤2 Low, 3–5 Moderate, 6–7 High, 8–10 Very High, 11+ Extreme', () => {
    const cases: [number, string][] = [
      [0, 'Low'],
      [2, 'Low'],
      [2.49, 'Low'],
      [2.5, 'Moderate'],
      [5, 'Moderate'],
      [5.49, 'Moderate'],
      [5.5, 'High'],
      [7, 'High'],
      [7.5, 'Very High'],
      [10, 'Very High'],
      [10.49, 'Very High'],
      [10.5, 'Extreme'],
      [14, 'Extreme'],
    ];
    for (const [uv, level] of cases) expect(uvLevel(uv), String(uv)).toBe(level);
  });

  it('fills the bar index / 11, capped at full', () => {
    expect(uvBar(0)).toBe(0);
    expect(uvBar(5.5)).toBe(0.5);
    expect(uvBar(11)).toBe(1);
    expect(uvBar(13)).toBe(1);
  });
});

describe('humidity text', () => {
  it('is sticky only above 70', () => {
    expect(humidityText(70)).toBe('Comfortable humidity levels.');
    expect(humidityText(70.1)).toBe('High humidity, feels sticky.');
    expect(humidityText(0)).toBe('Comfortable humidity levels.');
    expect(humidityText(100)).toBe('High humidity, feels sticky.');
  });
});

describe('Kp', () => {
  // The levels apply to the value as measured (thirds: 2.33 = 2+), never to a rounded one.
  it('dialog levels: ≤2 Quiet, <4 Unsettled, <5 Active, <7 Minor to Moderate, 7+ Strong to Extreme', () => {
    const cases: [number, string][] = [
      [0, 'Quiet'],
      [2, 'Quiet'],
      [2.01, 'Unsettled'],
      [2.33, 'Unsettled'],
      [2.67, 'Unsettled'],
      [3, 'Unsettled'],
      [3.67, 'Unsettled'],
      [3.99, 'Unsettled'],
      [4, 'Active'],
      [4.33, 'Active'],
      [4.67, 'Active'],
      [5, 'Minor to Moderate Storm'],
      [6, 'Minor to Moderate Storm'],
      [6.67, 'Minor to Moderate Storm'],
      [7, 'Strong to Extreme Storm'],
      [9, 'Strong to Extreme Storm'],
    ];
    for (const [kp, level] of cases) expect(kpLevel(kp), String(kp)).toBe(level);
  });

  it('badge levels: ≤2 Quiet, ≤5 Moderate, ≤7 Strong, above Severe', () => {
    const cases: [number, string][] = [
      [0, 'Quiet'],
      [2, 'Quiet'],
      [2.01, 'Moderate'],
      [2.33, 'Moderate'],
      [5, 'Moderate'],
      [5.01, 'Strong'],
      [5.33, 'Strong'],
      [7, 'Strong'],
      [7.01, 'Severe'],
      [7.33, 'Severe'],
      [9, 'Severe'],
    ];
    for (const [kp, level] of cases) expect(kpBadgeLevel(kp), String(kp)).toBe(level);
  });
});
