// The user's side of announcements: the active list (banners), the history and
// dismissal, each per user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/client';
import { dialects } from '../helpers/database';
import { daysFromNow, insertAnnouncement } from '../helpers/announcements';
import { createSignedInUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

const err = (message: string) => ({ error: message, message });
const NOT_FOUND = err('Announcement not found.');
const ID_REQUIRED = err('Announcement ID is required.');
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(dialects)('announcements for users (%s)', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  /** Each test gets its own users and announcements; ids tell them apart. */
  const newUser = async () => (await createSignedInUser(server)).client;
  const activeIds = async (client: ApiClient) => {
    const res = await client.get('/_api/announcements');
    expect(res.status).toBe(200);
    return (res.body.announcements as Array<{ id: number }>).map((a) => a.id);
  };
  const history = async (client: ApiClient) => {
    const res = await client.get('/_api/announcements/all');
    expect(res.status).toBe(200);
    return res.body.announcements as Array<Record<string, unknown> & { id: number }>;
  };
  const dismiss = (client: ApiClient, announcementId: unknown) =>
    client.post('/_api/announcements/dismiss', { announcementId });

  it('lists active announcements newest first, with their fields', async () => {
    const client = await newUser();
    const older = await insertAnnouncement(server.db, {
      title: 'Older news',
      content: 'Something **bold** happened.',
      type: 'alert',
      createdAt: daysFromNow(-2),
      expiresAt: daysFromNow(5),
    });
    const newer = await insertAnnouncement(server.db, { createdAt: daysFromNow(-1) });
    const res = await client.get('/_api/announcements');
    const list = res.body.announcements as Array<{ id: number }>;
    const ids = list.map((a) => a.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(list.find((a) => a.id === older)).toEqual({
      id: older,
      title: 'Older news',
      content: 'Something **bold** happened.',
      type: 'alert',
      expirationDate: expect.stringMatching(ISO),
      createdAt: expect.stringMatching(ISO),
    });
  });

  it('hides expired announcements from the active list but keeps them in the history', async () => {
    const client = await newUser();
    const expired = await insertAnnouncement(server.db, { expiresAt: daysFromNow(-1) });
    const justExpired = await insertAnnouncement(server.db, { expiresAt: Date.now() - 1 });
    expect(await activeIds(client)).not.toContain(expired);
    expect(await activeIds(client)).not.toContain(justExpired);
    const entry = (await history(client)).find((a) => a.id === expired);
    expect(entry).toMatchObject({ id: expired, dismissedAt: null });
    expect(Date.parse(entry!.expirationDate as string)).toBeLessThan(Date.now());
  });

  it('dismissal hides an announcement for that user only and marks it in their history', async () => {
    const alice = await newUser();
    const bob = await newUser();
    const id = await insertAnnouncement(server.db);
    const res = await dismiss(alice, id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await activeIds(alice)).not.toContain(id);
    expect(await activeIds(bob)).toContain(id);
    const mine = (await history(alice)).find((a) => a.id === id)!;
    expect(mine.dismissedAt).toMatch(ISO);
    expect((await history(bob)).find((a) => a.id === id)!.dismissedAt).toBeNull();
  });

  it('dismissing twice is the same as once: one row, the first time kept', async () => {
    const client = await newUser();
    const id = await insertAnnouncement(server.db);
    expect((await dismiss(client, id)).status).toBe(200);
    const first = (await history(client)).find((a) => a.id === id)!.dismissedAt;
    expect((await dismiss(client, String(id))).status).toBe(200);
    expect((await history(client)).find((a) => a.id === id)!.dismissedAt).toBe(first);
    const rows = await server.db
      .selectFrom('announcement_dismissals')
      .selectAll()
      .where('announcement_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('accepts the id as a number or a numeric string', async () => {
    const client = await newUser();
    const a = await insertAnnouncement(server.db);
    const b = await insertAnnouncement(server.db);
    expect((await dismiss(client, a)).status).toBe(200);
    expect((await dismiss(client, ` ${b} `)).status).toBe(200);
    const ids = await activeIds(client);
    expect(ids).not.toContain(a);
    expect(ids).not.toContain(b);
  });

  it('an expired announcement can still be dismissed (history shows both marks)', async () => {
    const client = await newUser();
    const id = await insertAnnouncement(server.db, { expiresAt: daysFromNow(-3) });
    expect((await dismiss(client, id)).status).toBe(200);
    expect((await history(client)).find((a) => a.id === id)!.dismissedAt).toMatch(ISO);
  });

  it.each([
    [undefined, 400, ID_REQUIRED],
    ['', 400, ID_REQUIRED],
    ['   ', 400, ID_REQUIRED],
    [null, 400, ID_REQUIRED],
    [true, 400, ID_REQUIRED],
    [{ id: 1 }, 400, ID_REQUIRED],
    ['abc', 404, NOT_FOUND],
    [-1, 404, NOT_FOUND],
    [1.5, 404, NOT_FOUND],
    ['99999999999', 404, NOT_FOUND],
    [987654, 404, NOT_FOUND],
  ])('dismiss with announcementId %j answers %i', async (announcementId, status, body) => {
    const client = await newUser();
    const res = await client.post(
      '/_api/announcements/dismiss',
      announcementId === undefined ? {} : { announcementId },
    );
    expect(res.status).toBe(status);
    expect(res.body).toEqual(body);
  });

  it('the history lists every announcement newest first with the three dates', async () => {
    const client = await newUser();
    const base = daysFromNow(-10);
    const ids = [];
    for (let i = 0; i < 3; i++) {
      ids.push(await insertAnnouncement(server.db, { createdAt: base + i * 1000 }));
    }
    const list = await history(client);
    const positions = ids.map((id) => list.findIndex((a) => a.id === id));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual(positions.toSorted((x, y) => y - x));
    expect(Object.keys(list[0]).toSorted()).toEqual(
      ['content', 'createdAt', 'dismissedAt', 'expirationDate', 'id', 'title', 'type'].toSorted(),
    );
  });

  it('a dismissal goes when its user is deleted', async () => {
    const { user, client } = await createSignedInUser(server);
    const id = await insertAnnouncement(server.db);
    await dismiss(client, id);
    await server.db.deleteFrom('users').where('id', '=', user.id).execute();
    const left = await server.db
      .selectFrom('announcement_dismissals')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });
});
