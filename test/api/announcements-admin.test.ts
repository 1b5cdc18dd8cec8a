// The admin's side of announcements: list, create, update and delete, with every
// validation message of the spec (001 §5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/client';
import { dialects } from '../helpers/database';
import { daysFromNow, insertAnnouncement, isoDaysFromNow } from '../helpers/announcements';
import { createSignedInUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

const err = (message: string) => ({ error: message, message });
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MSG = {
  title: 'Title must be at least 3 characters long.',
  titleLong: 'Title must be at most 200 characters long.',
  content: 'Content must be at least 10 characters long.',
  contentLong: 'Content must be at most 10000 characters long.',
  type: 'Please select a valid announcement type.',
  date: 'Expiration date must be a valid date.',
  past: 'Expiration date must be in the future.',
  id: 'Announcement ID is required.',
  nothing: 'At least one field to update must be provided.',
  notFound: 'Announcement not found.',
};

const valid = () => ({
  title: 'Scheduled maintenance',
  content: 'The dashboard will be **offline** for an hour tonight.',
  type: 'app_update',
  expirationDate: isoDaysFromNow(7),
});

describe.each(dialects)('announcements for admins (%s)', (dialect) => {
  let server: TestServer;
  let admin: ApiClient;
  let adminId: number;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    const signedIn = await createSignedInUser(server, { role: 'admin' });
    admin = signedIn.client;
    adminId = signedIn.user.id;
  });
  afterAll(() => server.close());

  const create = (body: Record<string, unknown>) => admin.post('/_api/admin/announcements', body);
  const update = (body: Record<string, unknown>) =>
    admin.post('/_api/admin/announcements/update', body);
  const remove = (announcementId: unknown) =>
    admin.post('/_api/admin/announcements/delete', { announcementId });
  const row = (id: number) =>
    server.db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst();

  describe('create', () => {
    it('stores the announcement and answers 201 with it', async () => {
      const body = { ...valid(), title: '  Scheduled maintenance  ' };
      const res = await create(body);
      expect(res.status, res.text).toBe(201);
      const a = res.body.announcement;
      expect(a).toEqual({
        id: expect.any(Number),
        title: 'Scheduled maintenance',
        content: body.content,
        type: 'app_update',
        expirationDate: body.expirationDate,
        createdAt: expect.stringMatching(ISO),
        updatedAt: a.createdAt,
      });
      expect(await row(a.id)).toMatchObject({
        title: 'Scheduled maintenance',
        type: 'app_update',
        expiration_date: Date.parse(body.expirationDate),
        created_by: adminId,
      });
    });

    it('accepts an expiry written with an offset', async () => {
      const at = new Date(daysFromNow(2));
      at.setUTCMilliseconds(0);
      const withOffset = at.toISOString().replace('.000Z', '+00:00');
      const res = await create({ ...valid(), expirationDate: withOffset });
      expect(res.status, res.text).toBe(201);
      expect(res.body.announcement.expirationDate).toBe(at.toISOString());
    });

    it.each([
      ['title missing', { title: undefined }, MSG.title],
      ['title of 2 characters', { title: 'ab' }, MSG.title],
      ['title of spaces around 2 characters', { title: '   ab   ' }, MSG.title],
      ['title not a string', { title: 42 }, MSG.title],
      ['title of 201 characters', { title: 'x'.repeat(201) }, MSG.titleLong],
      ['content missing', { content: undefined }, MSG.content],
      ['content of 9 characters', { content: '123456789' }, MSG.content],
      ['content of spaces', { content: ' '.repeat(20) }, MSG.content],
      ['content of 10001 characters', { content: 'x'.repeat(10_001) }, MSG.contentLong],
      ['type missing', { type: undefined }, MSG.type],
      ['type unknown', { type: 'warning' }, MSG.type],
      ['expiry missing', { expirationDate: undefined }, MSG.date],
      ['expiry not a date', { expirationDate: 'next tuesday' }, MSG.date],
      ['expiry without an offset', { expirationDate: '2099-01-01T00:00:00' }, MSG.date],
      ['expiry an impossible date', { expirationDate: '2099-02-30T00:00:00Z' }, MSG.date],
      ['expiry past year 9999', { expirationDate: '+010000-01-01T00:00:00Z' }, MSG.date],
      ['expiry a number', { expirationDate: daysFromNow(3) }, MSG.date],
      ['expiry in the past', { expirationDate: isoDaysFromNow(-1) }, MSG.past],
      [
        'expiry a second ago',
        { expirationDate: new Date(Date.now() - 1000).toISOString() },
        MSG.past,
      ],
    ])('refuses %s', async (_name, patch, message) => {
      const before = await server.db.selectFrom('announcements').select('id').execute();
      const res = await create({ ...valid(), ...patch });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(err(message));
      expect(await server.db.selectFrom('announcements').select('id').execute()).toEqual(before);
    });

    it('refuses unknown extra properties', async () => {
      const res = await create({ ...valid(), createdAt: '2000-01-01T00:00:00Z' });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/createdAt/);
    });

    it('keeps Markdown as written, leading spaces included', async () => {
      const content = '    indented code\n\n<script>alert(1)</script> [x](javascript:alert(1))';
      const res = await create({ ...valid(), content });
      expect(res.status).toBe(201);
      expect(res.body.announcement.content).toBe(content);
    });
  });

  describe('list', () => {
    it('lists every announcement newest first, expired ones included', async () => {
      const old = await insertAnnouncement(server.db, {
        createdAt: daysFromNow(-30),
        expiresAt: daysFromNow(-20),
      });
      const fresh = (await create(valid())).body.announcement.id as number;
      const res = await admin.get('/_api/admin/announcements');
      expect(res.status).toBe(200);
      const list = res.body.announcements as Array<{ id: number; createdAt: string }>;
      const ids = list.map((a) => a.id);
      expect(ids).toContain(old);
      expect(ids.indexOf(fresh)).toBeLessThan(ids.indexOf(old));
      const times = list.map((a) => Date.parse(a.createdAt));
      expect(times).toEqual(times.toSorted((x, y) => y - x));
    });
  });

  describe('update', () => {
    it('changes only the given fields, by numeric id or numeric string', async () => {
      const id = (await create(valid())).body.announcement.id as number;
      const before = (await row(id))!;
      const res = await update({ announcementId: String(id), title: 'New title' });
      expect(res.status, res.text).toBe(200);
      expect(res.body.announcement).toMatchObject({
        id,
        title: 'New title',
        content: before.content,
        type: 'app_update',
      });
      const expiry = isoDaysFromNow(14);
      const res2 = await update({ announcementId: id, type: 'alert', expirationDate: expiry });
      expect(res2.status).toBe(200);
      expect(await row(id)).toMatchObject({
        title: 'New title',
        type: 'alert',
        expiration_date: Date.parse(expiry),
        created_at: before.created_at,
      });
      expect((await row(id))!.updated_at).toBeGreaterThanOrEqual(before.updated_at);
    });

    it.each([
      ['no id', { title: 'Fine title' }, MSG.id],
      ['an empty id', { announcementId: '', title: 'Fine title' }, MSG.id],
      ['no field to change', {}, MSG.nothing],
      ['a short title', { title: 'ab' }, MSG.title],
      ['short content', { content: 'short' }, MSG.content],
      ['a bad type', { type: 'news' }, MSG.type],
      ['a past expiry', { expirationDate: isoDaysFromNow(-2) }, MSG.past],
      ['a bad expiry', { expirationDate: 'soon' }, MSG.date],
      ['an unknown property', { title: 'Fine title', pinned: true }, 'Unrecognized key: "pinned"'],
    ])('refuses %s', async (name, body: Record<string, unknown>, message) => {
      const id = (await create(valid())).body.announcement.id as number;
      const before = await row(id);
      // Every case but the first two names the fresh announcement.
      const res = await update(name.endsWith(' id') ? body : { announcementId: id, ...body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(err(message));
      expect(await row(id)).toEqual(before);
    });

    it.each([['abc'], [0], [424242]])('answers 404 for announcement %j', async (announcementId) => {
      const res = await update({ announcementId, title: 'Whatever' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(err(MSG.notFound));
    });
  });

  it('an announcement outlives the admin who wrote it', async () => {
    const author = await createSignedInUser(server, { role: 'admin' });
    const res = await author.client.post('/_api/admin/announcements', valid());
    const id = res.body.announcement.id as number;
    expect((await row(id))!.created_by).toBe(author.user.id);
    await server.db.deleteFrom('users').where('id', '=', author.user.id).execute();
    expect(await row(id)).toMatchObject({ id, created_by: null });
  });

  describe('delete', () => {
    it('removes the announcement and every dismissal of it, and only those', async () => {
      const doomed = (await create(valid())).body.announcement.id as number;
      const kept = (await create(valid())).body.announcement.id as number;
      const users = [await createSignedInUser(server), await createSignedInUser(server)];
      for (const u of users) {
        for (const id of [doomed, kept]) {
          const res = await u.client.post('/_api/announcements/dismiss', { announcementId: id });
          expect(res.status).toBe(200);
        }
      }
      const res = await remove(String(doomed));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect(await row(doomed)).toBeUndefined();
      const dismissals = await server.db
        .selectFrom('announcement_dismissals')
        .select(['announcement_id'])
        .where('announcement_id', 'in', [doomed, kept])
        .execute();
      expect(dismissals.map((d) => d.announcement_id)).toEqual([kept, kept]);
      const history = await users[0].client.get('/_api/announcements/all');
      expect(history.body.announcements.map((a: { id: number }) => a.id)).not.toContain(doomed);
    });

    it('answers 404 the second time, and for unknown or malformed ids', async () => {
      const id = (await create(valid())).body.announcement.id as number;
      expect((await remove(id)).status).toBe(200);
      for (const bad of [id, 'nope', 31337]) {
        const res = await remove(bad);
        expect(res.status).toBe(404);
        expect(res.body).toEqual(err(MSG.notFound));
      }
    });

    it('requires the id', async () => {
      const res = await admin.post('/_api/admin/announcements/delete', {});
      expect(res.status).toBe(400);
      expect(res.body).toEqual(err(MSG.id));
    });
  });
});
