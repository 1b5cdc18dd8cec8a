// Background work that runs inside the server: source polling, housekeeping.
// Later waves add the admin's scheduled jobs (purge, briefings) here.
import type { AppContext } from '../context';

export interface Background {
  stop(): Promise<void>;
}

export async function startBackgroundWork(_ctx: AppContext): Promise<Background> {
  return { stop: async () => {} };
}
