// The dashboard's one line about tonight (issue 28): the verdict, its first reason
// or best window, and the aurora when there is any. Loaded after the dashboard's
// first paint; nothing without a place (the header offers Set Location).
import { Telescope } from 'lucide-react';
import { VERDICT_LABELS } from '../../../shared/sky-tonight';
import { Badge } from '../../components/ui/badge';
import { Skeleton } from '../../components/ui/skeleton';
import { useSession } from '../auth/session';
import { verdictVariant } from './levels';
import { placeKeyOf, useTonight } from './queries';

function frame(children: React.ReactNode, title?: string) {
  return (
    <p
      className="flex min-w-0 items-center gap-2 text-sm"
      data-testid="tonight-line"
      aria-live="polite"
      title={title}
    >
      <Telescope aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <span className="shrink-0 font-medium">Tonight</span>
      {children}
    </p>
  );
}

export function TonightLine() {
  const { user } = useSession();
  const place = placeKeyOf(user);
  const tonight = useTonight(place);
  if (!place) return null;
  if (tonight.isPending) return frame(<Skeleton className="h-5 w-56" />);
  if (tonight.isError)
    return frame(
      <span className="truncate text-muted-foreground">Verdict unavailable</span>,
      tonight.error.message,
    );
  const t = tonight.data;
  const label = VERDICT_LABELS[t.verdict];
  const rest = t.summary.startsWith(`${label}: `) ? t.summary.slice(label.length + 2) : t.summary;
  return frame(
    <>
      <Badge variant={verdictVariant[t.verdict]}>{label}</Badge>
      <span className="truncate text-muted-foreground" title={`${t.place.name}: ${rest}`}>
        {rest}
      </span>
    </>,
  );
}
