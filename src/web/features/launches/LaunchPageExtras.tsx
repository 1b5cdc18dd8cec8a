// The launch page's additions to the spec's schedule: each launch row gets its
// panel (countdown, LIVE, outcome, moves, stories, calendar), and
// ?launch=<id> (a story chip's link) opens that launch's details.
import { useCallback, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LaunchRowExtra } from '../feed/launch-row';
import { LaunchDialog } from './LaunchDialog';
import { LaunchRowPanel } from './LaunchRowPanel';
import { useLaunches } from './queries';

export function LaunchPageExtras({ children }: { children: ReactNode }) {
  const launches = useLaunches();
  const [params, setParams] = useSearchParams();
  const open = params.get('launch');
  const show = useCallback(
    (id: string | null) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (id) next.set('launch', id);
          else next.delete('launch');
          return next;
        },
        { replace: id === null },
      ),
    [setParams],
  );
  const byId = useMemo(
    () => new Map((launches.data?.launches ?? []).map((l) => [l.id, l])),
    [launches.data],
  );
  const extra = useCallback(
    (launchId: string) => {
      const launch = byId.get(launchId);
      return launch ? <LaunchRowPanel launch={launch} onDetails={show} /> : null;
    },
    [byId, show],
  );
  return (
    <LaunchRowExtra.Provider value={extra}>
      {children}
      <LaunchDialog id={open} onClose={() => show(null)} />
    </LaunchRowExtra.Provider>
  );
}
