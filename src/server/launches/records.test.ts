import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/helpers/fixture-server';
import { spaceLaunches } from '../../../test/helpers/space-data';
import { parseLaunchRecords, toLaunchRecord } from './records';

const json = (name: string): unknown => JSON.parse(readFixture(name).toString('utf8'));

describe('launch records', () => {
  it('read the recorded 2.2.0 detailed answer: precision, status, webcasts by priority, comments newest first', () => {
    const [falcon] = parseLaunchRecords(json('ll2-upcoming-detailed-mode.json'));
    expect(falcon).toMatchObject({
      id: 'e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc',
      netPrecision: 'Second',
      statusId: 1,
      status: 'Go for Launch',
      vehicle: 'Falcon 9 Block 5',
      vehicleFamily: 'Falcon',
      provider: 'SpaceX',
      providerAbbrev: 'SpX',
      mission: 'Starlink Group 17-39',
      programs: ['Starlink'],
      webcastLive: true,
      lastUpdated: '2026-07-20T14:19:43.000Z',
    });
    expect(falcon.webcasts![0]).toEqual({
      url: 'https://www.youtube.com/watch?v=p648NlL0fi4',
      title: expect.any(String),
      live: false,
    });
    const updates = falcon.updates!;
    expect(updates[0]).toMatchObject({
      comment: 'Unofficial Re-stream by SPACE AFFAIRS has started',
      createdBy: 'LL2',
      createdOn: '2026-07-20T14:37:00.000Z',
    });
    const times = updates.map((u) => u.createdOn ?? '');
    expect(times).toEqual(times.toSorted((a, b) => b.localeCompare(a)));
  });

  it('read 2.3.0 webcasts with their own live flag', () => {
    const records = parseLaunchRecords(json('ll2-2.3.0-upcoming-sample.json'));
    const electron = records.find((r) => r.vehicle === 'Electron')!;
    expect(electron.webcasts?.[0]?.url).toBe('https://www.youtube.com/watch?v=rl-official');
    expect(electron.netPrecision).toBe('Second');
  });

  it('leave lists a mode does not carry as unknown, so a stored one is kept', () => {
    const [list] = parseLaunchRecords(json('ll2-upcoming-list-mode.json'));
    expect(list).toMatchObject({ webcasts: null, updates: null, infoUrls: null });
  });

  it('read every real launch of the space-data set, precision given as a name or an object', () => {
    const records = spaceLaunches().map((l) => toLaunchRecord(l.record));
    expect(records.every((r) => r !== null)).toBe(true);
    const precisions = [...new Set(records.map((r) => r!.netPrecision))];
    expect(precisions).toEqual(
      expect.arrayContaining(['Second', 'Minute', 'Month', 'Quarter 2', 'Year', null]),
    );
  });
});
