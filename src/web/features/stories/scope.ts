// The feed a card sits in: its list parameters, so a story's other sources are
// read within the same sources (the feed's selection and BlueSky switch).
import { createContext, useContext } from 'react';
import type { ListParams } from '../feed/filters';

/** The list's parameters; `view: 'hot'` in the Hot view. */
export type Scope = ListParams & { view?: 'hot' };

export const FeedScope = createContext<Scope | null>(null);
export const useFeedScope = () => useContext(FeedScope);
