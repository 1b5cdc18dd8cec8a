// Moon Phase Details: picture, name and every value of spec 001 §2, with a tip per phase.
import type { MoonPhase } from '../../../shared/sky';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { DetailRow } from './DetailRow';
import { formatDate, formatTime } from './format';

const TIPS: Record<string, string> = {
  'New Moon': 'The darkest skies of the month: ideal for galaxies, nebulae and the Milky Way.',
  'Waxing Crescent':
    'The thin crescent sets early in the evening: look for earthshine, then enjoy dark skies.',
  'First Quarter':
    'Craters along the terminator cast long shadows: a great night for lunar detail.',
  'Waxing Gibbous':
    'Bright moonlight for most of the night: observe the Moon, planets and double stars.',
  'Full Moon':
    'The brightest night of the month: faint objects wash out, so enjoy the Moon itself.',
  'Waning Gibbous':
    'The Moon rises after dusk: catch deep-sky objects in the early evening darkness.',
  'Last Quarter': 'The Moon rises around midnight: evenings stay dark for deep-sky observing.',
  'Waning Crescent':
    'A late-rising crescent leaves most of the night dark: good for faint objects.',
};

export function MoonDialog({
  moon,
  timeZone,
  open,
  onOpenChange,
}: {
  moon: MoonPhase;
  timeZone?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const next = formatDate(moon.nextPhaseDate);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Moon Phase Details</DialogTitle>
          <DialogDescription>The Moon as seen from your location right now.</DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-4">
          <img
            src={moon.imageUrl}
            alt={`${moon.phaseName}, ${moon.illumination}% illuminated`}
            width={88}
            height={88}
            className="h-22 w-22 shrink-0"
          />
          <div>
            <p className="text-xl font-semibold">{moon.phaseName}</p>
            <p className="text-sm text-muted-foreground">{moon.illumination}% illuminated</p>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          <DetailRow label="Illumination">{moon.illumination}%</DetailRow>
          <DetailRow label="Moonrise">{formatTime(moon.moonrise, timeZone)}</DetailRow>
          <DetailRow label="Moonset">{formatTime(moon.moonset, timeZone)}</DetailRow>
          <DetailRow label="Altitude">{moon.altitude}°</DetailRow>
          <DetailRow label="Azimuth">{moon.azimuth}°</DetailRow>
          <DetailRow label="Distance">{moon.distanceKm.toLocaleString('en-US')} km</DetailRow>
          <DetailRow label="Age">{moon.ageInDays} days</DetailRow>
          <DetailRow label="Next Phase" hint={next}>
            {moon.nextPhaseName}
          </DetailRow>
        </dl>
        <p className="rounded-md border border-border bg-muted/40 p-3 text-sm">
          {TIPS[moon.phaseName] ?? 'Look up: the sky changes every night.'}
        </p>
      </DialogContent>
    </Dialog>
  );
}
