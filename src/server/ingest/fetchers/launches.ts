// rocket_launch: the launch schedule, one item per launch (launch-items.ts).
//
// The launches come from AstroDash's launch store (launches/), which the
// launch-schedule job fills from Launch Library 2 within its call budget; a
// fetch of a rocket_launch source reads the store and makes no call upstream,
// so any number of rocket_launch sources (of every user) cost LL2 nothing. The
// source's own URL does not change what is read. Items: the launches from a
// week ago on, so an outcome or a slip lands on its item. While the store is
// empty because the schedule could not be read, the fetch fails with why.
import { launchesForFeed } from '../../launches/service';
import { SourceFetchError, type Fetcher } from '../types';
import { launchItems } from './launch-items';

export { launchToItem, parseLaunches } from './launch-items';

export const launchesFetcher: Fetcher = {
  type: 'rocket_launch',
  async fetch(ctx) {
    const { launches, unavailable } = await launchesForFeed(ctx.db, ctx.now.getTime());
    if (unavailable) throw new SourceFetchError(unavailable);
    return { items: launchItems(launches), title: 'Launch Schedule' };
  },
};
