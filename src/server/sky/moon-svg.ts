// The phase picture: a dark disc with its lit part bounded by the limb and an
// elliptical terminator. Drawn here, so no image is fetched from anywhere.
const R = 45;
const C = 50;

/** An SVG of the Moon lit `illumination` percent, lit on the right while waxing (northern view). */
export function moonSvg(illumination: number, waxing: boolean): string {
  const k = Math.min(1, Math.max(0, illumination / 100));
  // Half-width of the terminator ellipse: R at new and full, 0 at the quarters.
  const rx = Math.abs(1 - 2 * k) * R;
  const gibbous = k > 0.5;
  const limbSweep = waxing ? 1 : 0;
  const terminatorSweep = waxing === gibbous ? 1 : 0;
  const lit =
    k <= 0.001
      ? ''
      : k >= 0.999
        ? `<circle cx="${C}" cy="${C}" r="${R}" fill="#f4f1e6"/>`
        : `<path d="M${C},${C - R} A${R},${R} 0 0 ${limbSweep} ${C},${C + R} A${rx.toFixed(2)},${R} 0 0 ${terminatorSweep} ${C},${C - R} Z" fill="#f4f1e6"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">` +
    `<circle cx="${C}" cy="${C}" r="${R}" fill="#2b2f3a" stroke="#555b6a" stroke-width="1"/>` +
    lit +
    `</svg>`
  );
}

export const moonSvgDataUrl = (illumination: number, waxing: boolean) =>
  `data:image/svg+xml,${encodeURIComponent(moonSvg(illumination, waxing))}`;
