// The launch page adds to each launch's row (countdown, LIVE, outcome, date
// moves, stories, calendar): it provides the component through this context,
// so the rows stay what they are on the dashboard, and the page's code stays
// in the page's own chunk.
import { createContext, type ReactNode } from 'react';

export const LaunchRowExtra = createContext<((launchId: string) => ReactNode) | null>(null);
