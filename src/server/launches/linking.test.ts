// Linking stories to launches by names alone, measured on real data: the
// Spaceflight News API articles and Launch Library 2 launches beside the
// repository (../shared/fixtures/space-data), SNAPI's own launch ids hidden
// from the linker and used as the labels. Each launch is seen as it stood when
// the story was published (its NET then, from its observed history).
//
// What is scored: the links made for stories SNAPI labelled (a story it left
// unlabelled is often about a launch all the same, so a link there is neither
// right nor wrong by these labels; their count is printed), against the
// labelled launches within NET ± 3 days of the story (a label outside that
// window, such as a long-running mission's launch, no name rule can reach;
// their count is printed too).
import { describe, expect, it } from 'vitest';
import { spaceArticles, spaceLaunches, type SpaceLaunch } from '../../../test/helpers/space-data';
import {
  launchNames,
  linkCandidates,
  linkStory,
  LINK_WINDOW_MS,
  type LaunchNames,
} from './linking';
import { nameOf, nameScanner, type Name } from './names';
import { toLaunchRecord, type LaunchRecord } from './records';
import { storyTimes } from './story-times';

const DAY = 86_400_000;

const names = (r: LaunchRecord, net: number) => launchNames({ ...r, net });

describe('linking by names on real SNAPI articles and LL2 launches', () => {
  it('reaches precision ≥ 0.95 and recall ≥ 0.85 against SNAPI’s own launch ids', () => {
    const launches = spaceLaunches();
    const known = new Map(launches.map((l) => [l.id, names(toLaunchRecord(l.record)!, 0)]));
    /** The NET as known when the story came out (the first one seen, for an older story). */
    const netAt = (l: SpaceLaunch, when: number) => {
      let net = l.nets[0].net;
      for (const seen of l.nets) if (seen.observedAt <= when) net = seen.net;
      return net;
    };
    let [right, wrong, wanted, unreachable, unscored] = [0, 0, 0, 0, 0];
    for (const a of spaceArticles()) {
      // As the link step holds them: the launches within 45 days (of now, there).
      const nearby: LaunchNames[] = launches
        .map((l) => ({ ...known.get(l.id)!, net: netAt(l, a.publishedAt) }))
        .filter((c) => Math.abs(c.net - a.publishedAt) <= 45 * DAY);
      const linkable = new Set(
        nearby.filter((c) => Math.abs(c.net - a.publishedAt) <= LINK_WINDOW_MS).map((c) => c.id),
      );
      const want = a.launchIds.filter((id) => linkable.has(id));
      unreachable += a.launchIds.filter((id) => known.has(id) && !linkable.has(id)).length;
      wanted += want.length;
      const got = linkStory(a, linkCandidates(nearby));
      if (a.launchIds.length === 0) unscored += got.length;
      else
        for (const id of got) {
          if (a.launchIds.includes(id)) right++;
          else wrong++;
        }
    }
    const precision = right / (right + wrong);
    const recall = right / wanted;
    console.log(
      `[launch links] precision ${precision.toFixed(3)} (${right} of ${right + wrong} links on labelled stories), ` +
        `recall ${recall.toFixed(3)} (${right} of ${wanted} labelled launches within NET ± 3 days); ` +
        `${unreachable} labels farther than 3 days not counted; ${unscored} links on unlabelled stories not scored`,
    );
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.85);
  });
});

describe('names', () => {
  it('match whole words, case-aware: a capitalised name needs a capitalised word, an acronym capitals', () => {
    const known = ['Electron', 'SLS', 'Falcon 9', 'Falcon 99', 'Mahia', 'KAIROS'].map(
      (p) => nameOf(p) as Name,
    );
    const found = (text: string) => [...nameScanner(known).scan(text)];
    expect(found('The electron beam hit the SLS and Falcon 9 booster; sls is not.')).toEqual([
      'sls',
      'falcon 9',
    ]);
    expect(found('Rocket Lab’s Electron lifts off')).toEqual(['electron']);
    expect(found('the sls team')).toEqual([]);
    expect(found('a Falcon-9 rocket from Māhia, New Zealand')).toEqual(['falcon 9', 'mahia']);
    // LL2's capitals are a name, not an acronym, past four letters.
    expect(found('Third Kairos launch fails')).toEqual(['kairos']);
  });

  it('know a launch by its mission’s other spellings: Starlink 10-62, Artemis 2, CRS-34, Ariane 6', () => {
    const record = (name: string, extra: Partial<LaunchRecord> = {}) =>
      toLaunchRecord({ id: 'x', name, ...extra })!;
    const linked = (title: string, r: LaunchRecord) =>
      linkStory({ title, summary: '', publishedAt: 0 }, linkCandidates([names(r, 3_600_000)]))
        .length === 1;
    expect(
      linked('The Starlink 10-62 mission lifts off', record('Falcon 9 | Starlink Group 10-62')),
    ).toBe(true);
    expect(linked('Artemis 2 crew ready', record('SLS Block 1 | Artemis II'))).toBe(true);
    expect(linked('SpaceX CRS-34 delayed', record('Falcon 9 | Dragon CRS-2 SpX-34'))).toBe(true);
    expect(
      linked('Ariane 6 launches four boosters', record('Ariane 64 | Amazon Leo (LE-01)')),
    ).toBe(true);
    // A mission called only "Demo Flight" is no name; the vehicle with it is.
    expect(linked('A demo flight soon', record('Tianlong-3 | Demo Flight'))).toBe(false);
  });

  it('read the dates and UTC times a story gives', () => {
    const at = Date.parse('2026-03-06T12:00:00Z');
    expect(storyTimes('liftoff March 4 at 1433:50 UTC; docked 14 February', at)).toEqual({
      dates: [Date.parse('2026-03-04'), Date.parse('2026-02-14')],
      times: [14 * 60 + 33],
      months: [1],
    });
    expect(storyTimes('May the launch go well in May', at).months).toEqual([4]);
  });
});
