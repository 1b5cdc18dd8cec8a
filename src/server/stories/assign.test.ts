// The clusterer's parts on real headlines and ledes (Spaceflight News API
// articles; ids from ../shared/fixtures/space-data/snapi-articles.json): flight
// designators, the event a headline reports, the same-event test, and what the
// measurement counts as a pair the rules allow.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { chooseStory, type WindowMember } from './assign';
import { topicsForClustering } from './entities';
import { eventAgreement, eventOf } from './events';
import { differentFlights, featuresOf } from './features';
import { ruleBound, type LabelledArticle } from './measure';
import { thresholdsOf } from './step';

const HOUR = 3_600_000;
const t = thresholdsOf(loadConfig({}));

const features = (title: string, summary: string, url: string | null = null) =>
  featuresOf({ url, title, summary, topics: topicsForClustering(`${title}\n${summary}`) });
const designators = (title: string, summary = '') =>
  features(title, summary)
    .entities.filter((e) => e.startsWith('#'))
    .map((e) => e.slice(1));

// Spaceflight Now, 13 March 2026, 49 minutes apart: two Starlink groups, two launches.
const starlink1048 = features(
  'Live coverage: SpaceX to launch Friday morning Starlink mission from Cape Canaveral',
  'The Starlink 10-48 mission will add another 29 broadband internet satellites to the company’s constellation in low Earth orbit. Liftoff from pad 40 at Cape Canaveral Space Force Station is scheduled for 8:10 a.m. EDT (1210 UTC).',
);
const starlink1731 = features(
  'Live coverage: SpaceX to launch 25 Starlink satellites on Falcon 9 rocket from Vandenberg Space Force Base',
  'The Starlink 17-31 mission is SpaceX’s 26th mission supporting its broadband internet satellite constellation so far in 2026. Liftoff from pad 4 East at Vandenberg Space Force Base is scheduled for 7:33:50 a.m. PDT (10:33:50 a.m. EDT / 1433:50 UTC).',
);
// NASASpaceflight and Spaceflight Now before the Artemis II launch: one story, each
// recalling another Apollo flight in passing.
const artemisSet = features(
  'Artemis II set to return humanity to the Moon with launch on Wednesday evening',
  'At 23:35 UTC on Dec. 16, 1972, the Apollo 17 command module, America, successfully completed…',
);
const artemisLive = features(
  'Live coverage: NASA to launch Artemis 2, its first Moon-bound mission with astronauts since 1972',
  'The four astronauts will spend more than nine days onboard their Orion spacecraft and is poised to pass the distance record set by Apollo 13 in 1970. Liftoff from Launch Complex 39B is scheduled for Wednesday, April 1, at 6:24 p.m. EDT (2224 UTC). ',
);

describe('flight designators', () => {
  it('names flights of a series, written or spaced, in figures or Roman numerals', () => {
    expect(designators('Crew-12 launches to ISS')).toEqual(['crew-12']);
    expect(designators('Crew 12 Arrives on Station')).toEqual(['crew-12']);
    expect(designators('Today Still Looking Good for Artemis II')).toEqual(['artemis-2']);
    expect(designators('Launch Roundup: Progress MS-28, Indian SSLV')).toEqual(['ms-28']);
    expect(designators('', 'The Starlink 10-48 mission will add another 29 satellites')).toEqual([
      '10-48',
    ]);
  });

  it('leaves out dates, times, counts, measures, ordinals and vehicles', () => {
    const prose =
      'NASA Cheers First Moon Mission Since 1972 on April 1 at 6:24 p.m. EDT (2224 UTC): a 322-foot Falcon 9 to deliver 119 payloads on Friday the 13th, 2.1b';
    expect(designators(prose)).toEqual([]);
  });

  it('tells two Starlink groups apart, and not a flight recalled in passing', () => {
    expect(differentFlights(starlink1048, starlink1731)).toBe(true);
    expect(differentFlights(artemisSet, artemisLive)).toBe(false);
    expect(
      differentFlights(features('Crew-11 returns', ''), features('Crew-12 launches', '')),
    ).toBe(true);
  });
});

describe('the event a headline reports', () => {
  it('reads a kind in the lede only when the headline names none, and never lets it veto another kind', () => {
    // "After a picture-perfect launch…" recalls the launch; the story is the trip to the Moon.
    const course = eventOf(
      'Artemis II Sets Course for Moon',
      'After a picture-perfect launch Wednesday placed the crew of Artemis II into a highly elliptical Earth orbit, astronauts are now officially on their way towards the Moon.',
    );
    expect(course.kinds).toEqual(['orbit-burn']);
    const images = eventOf(
      'Stunning Images, A Chat with Friends — Another Great Day for Artemis II',
      'The Artemis II crew is on their way back to Earth after swinging around the Moon yesterday.',
    );
    expect(images.fromLede).toBe(true);
    const flyby = eventOf('NASA’s Artemis II Crew Beams Official Moon Flyby Photos to Earth', '');
    expect(eventAgreement(images, flyby)).toBe(0);
  });

  it('still keeps a launch ahead, read in the lede, apart from the launch report', () => {
    const ahead = eventOf(
      'Today Still Looking Good for Artemis II — No Fooling!',
      'It may be April Fool’s Day to some, but to NASA it’s launch day to send humans around the Moon. Liftoff is set for tonight.',
    );
    const done = eventOf(
      'Artemis 2 launches on first human mission to the moon in more than 50 years',
      '',
    );
    expect(ahead.fromLede).toBe(true);
    expect(eventAgreement(ahead, done)).toBe(-1);
  });
});

describe('choosing a story', () => {
  const member = (
    id: number,
    storyId: number,
    sourceId: number,
    hours: number,
    f: ReturnType<typeof features>,
  ): WindowMember => ({ id, storyId, sourceId, publishedAt: hours * HOUR, features: f });

  it('keeps two Starlink launches apart even from two feeds, and joins the Artemis II reports', () => {
    const window = [member(1, 1, 1, 0, starlink1048)];
    expect(chooseStory({ ...member(2, 2, 2, 0.8, starlink1731) }, window, t)).toBeNull();
    const artemis = [member(3, 3, 3, 0, artemisSet)];
    expect(chooseStory(member(4, 4, 4, 4.6, artemisLive), artemis, t)?.storyId).toBe(3);
  });

  it('prefers the story more members agree with over a lone item that matches better', () => {
    // The labelled Artemis II pre-launch story: SpacePolicyOnline published twice, so its
    // second report (37179) stands alone; Spaceflight Now's live coverage (37183) matches
    // it best, one by one, but belongs with the story three sites carried.
    const labelled = JSON.parse(
      readFileSync(
        path.resolve(import.meta.dirname, '../../../test/fixtures/stories/articles.json'),
        'utf8',
      ),
    ) as LabelledArticle[];
    const byId = new Map(labelled.map((a) => [a.id, a]));
    const at = (id: string, storyId: number, sourceId: number) => {
      const a = byId.get(id)!;
      return {
        id: Number(id),
        storyId,
        sourceId,
        publishedAt: Date.parse(a.publishedAt),
        features: features(a.title, a.summary, a.url),
      };
    };
    const window = [
      at('37159', 37159, 1),
      at('37162', 37159, 2),
      at('37180', 37159, 3),
      at('37179', 37179, 1),
    ];
    const item = at('37183', 37183, 4);
    const score = (members: typeof window) => chooseStory(item, members, t)?.score ?? 0;
    for (const m of window.slice(0, 3)) expect(score(window.slice(3))).toBeGreaterThan(score([m]));
    expect(chooseStory(item, window, t)?.storyId).toBe(37159);
  });

  it('takes a shared flight name as evidence only when both report the same kind of event', () => {
    // SpacePolicyOnline on launch day (a launch ahead, read in its lede) and SpaceNews's
    // explainer of the ten-day flight, 21 minutes apart: both name Artemis II, as every
    // report of the mission does; the words alone (0.45) are below the bar for two items
    // whose kinds of event cannot be compared.
    const launchDay = features(
      'Today Still Looking Good for Artemis II — No Fooling!',
      'It may be April Fool’s Day to some, but to NASA it’s launch day to send humans around the Moon for the first time in more than 50 years. As […]',
    );
    const explainer = features(
      'Artemis 2’s (nearly) 10-day flight around the moon',
      'The Artemis 2 mission will send humans to the vicinity of the moon for the first time in more than 50 years on a mission lasting almost 10 days.',
    );
    expect(
      chooseStory(member(2, 2, 2, 0.4, explainer), [member(1, 1, 1, 0, launchDay)], t),
    ).toBeNull();
    // The same flight and the same kind of event: the name adds its weight.
    const live = member(4, 4, 4, 4.6, artemisLive);
    const set = [member(3, 3, 3, 0, artemisSet)];
    const withName = chooseStory(live, set, t)?.score ?? 0;
    const without = chooseStory(live, set, { ...t, designatorBonus: 0 })?.score ?? 0;
    expect(withName - without).toBeCloseTo(t.designatorBonus);
  });

  it('never joins an item to a story that has an item of its source', () => {
    const window = [member(1, 1, 1, 0, artemisSet)];
    expect(chooseStory(member(2, 2, 1, 1, artemisLive), window, t)).toBeNull();
  });
});

describe('pairs the rules allow (the measurement)', () => {
  const article = (id: string, site: string, hours: number, story = 's'): LabelledArticle => ({
    id,
    site,
    title: id,
    summary: '',
    url: `https://example.org/${id}`,
    publishedAt: new Date(hours * HOUR).toISOString(),
    story,
  });
  const positives = (ids: string[]) =>
    ids.flatMap((a, i) => ids.slice(i + 1).map((b) => ({ a, b, same: true })));

  it('counts one of two items of a site, chains through a member, and not a story older than the age', () => {
    // a1 and a2 from site A: either may be with b, not both.
    const bySite = [article('a1', 'A', 0), article('a2', 'A', 1), article('b', 'B', 2)];
    expect(ruleBound(bySite, positives(['a1', 'b', 'a2']), t)).toMatchObject({
      positives: 3,
      ceiling: 1,
      unreachable: 1,
      notTogether: 1,
    });
    // 30 hours apart, joined through an item 15 hours after the first.
    const chained = [article('x', 'X', 0), article('y', 'Y', 15), article('z', 'Z', 30)];
    expect(ruleBound(chained, positives(['x', 'y', 'z']), t).ceiling).toBe(3);
    // 13 hours apart each, 39 from first to last: no story is that old, so three of the
    // six pairs at most, and never the first with the last.
    const old = [0, 13, 26, 39].map((h, i) => article(`o${i}`, `O${i}`, h));
    expect(ruleBound(old, positives(['o0', 'o1', 'o2', 'o3']), t)).toMatchObject({
      ceiling: 3,
      unreachable: 1,
      notTogether: 2,
    });
  });
});
